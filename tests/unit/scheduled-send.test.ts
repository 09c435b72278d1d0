// The rules of a message sent for later, table by table: its range, when it may first go, and when it expires.
import { describe, expect, it } from 'vitest';
import { checkSendAt, expiresAt, firstDispatch } from '../../core/domain/scheduled-send.ts';
import { DEFAULT_SENDING_WINDOW, type SendingWindowSettings } from '../../core/domain/sending-window.ts';

// 12:00 in Dar es Salaam; the default window is 08:00 to 20:00 EAT (05:00Z to 17:00Z).
const NOW = new Date('2026-11-22T09:00:00Z');
const plus = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;
const DAY = 86_400_000;
const night: SendingWindowSettings = { opens: '20:00', closes: '06:00' };

describe('checkSendAt', () => {
  it.each([
    ['exactly a minute ahead', MINUTE, true],
    ['exactly 30 days ahead', 30 * DAY, true],
    ['a second short of a minute', MINUTE - 1000, false],
    ['now', 0, false],
    ['in the past', -DAY, false],
    ['a second past 30 days', 30 * DAY + 1000, false],
  ])('%s: accepted %s', (_label, ahead, accepted) => {
    const result = checkSendAt(NOW, plus(ahead));
    expect(result.ok).toBe(accepted);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'schedule_out_of_range', field: 'send_at', details: { earliest: plus(MINUTE).toISOString(), latest: plus(30 * DAY).toISOString() } });
  });
});

describe('firstDispatch', () => {
  it.each([
    ['transactional, now', 'transactional', DEFAULT_SENDING_WINDOW, null, null],
    ['promotional, now, window open', 'promotional', DEFAULT_SENDING_WINDOW, null, null],
    ['promotional, now, window closed', 'promotional', night, null, '2026-11-22T17:00:00.000Z'],
    ['transactional at 21:00 EAT', 'transactional', DEFAULT_SENDING_WINDOW, '2026-11-22T18:00:00Z', '2026-11-22T18:00:00.000Z'],
    ['promotional at 14:00 EAT, window open then', 'promotional', DEFAULT_SENDING_WINDOW, '2026-11-22T11:00:00Z', '2026-11-22T11:00:00.000Z'],
    ['promotional at 21:00 EAT, window closed then: the next morning', 'promotional', DEFAULT_SENDING_WINDOW, '2026-11-22T18:00:00Z', '2026-11-23T05:00:00.000Z'],
    ['promotional at 07:59 EAT: that morning', 'promotional', DEFAULT_SENDING_WINDOW, '2026-11-23T04:59:00Z', '2026-11-23T05:00:00.000Z'],
    ['promotional at 21:00 EAT in a night window, closed now but open then', 'promotional', night, '2026-11-22T18:00:00Z', '2026-11-22T18:00:00.000Z'],
  ] as const)('%s', (_label, trafficClass, window, sendAt, expected) => {
    expect(firstDispatch(trafficClass, window, NOW, sendAt ? new Date(sendAt) : null)?.toISOString() ?? null).toBe(expected);
  });
});

describe('expiresAt', () => {
  it('counts the ttl from send_at, else from now', () => {
    expect(expiresAt(NOW, plus(DAY), 600)).toEqual(plus(DAY + 600_000));
    expect(expiresAt(NOW, null, 600)).toEqual(plus(600_000));
  });
});
