import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SENDING_WINDOW,
  describeWindow,
  heldUntil,
  isWindowOpen,
  nextOpening,
  nextWindowChange,
  parseWindowTime,
  validateWindowSettings,
  waitsForWindow,
  type SendingWindowSettings,
} from '../../core/domain/sending-window.ts';

const day = DEFAULT_SENDING_WINDOW; // 08:00 to 20:00 EAT = 05:00Z to 17:00Z
const night: SendingWindowSettings = { opens: '20:00', closes: '06:00' };
const toMidnight: SendingWindowSettings = { opens: '22:00', closes: '00:00' };
const fromMidnight: SendingWindowSettings = { opens: '00:00', closes: '06:00' };
const allDay: SendingWindowSettings = { opens: '08:00', closes: '08:00' };
const allDayMidnight: SendingWindowSettings = { opens: '00:00', closes: '00:00' };

describe('parseWindowTime', () => {
  const good: Array<[string, number]> = [
    ['00:00', 0],
    ['08:00', 480],
    ['19:59', 1199],
    ['20:00', 1200],
    ['23:59', 1439],
  ];
  it.each(good)('%s is minute %i', (s, minutes) => {
    expect(parseWindowTime(s)).toEqual({ ok: true, value: minutes });
  });

  const bad = ['', '8:00', '08:0', '24:00', '12:60', '08:00:00', ' 08:00', '08:00 ', '08:00\n', '08-00', '0800', '０８:００', 'ab:cd'];
  it.each(bad)('refuses %j', (s) => {
    const r = parseWindowTime(s, 'opens');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('validation_failed');
      expect(r.error.field).toBe('opens');
    }
  });

  it('refuses a non-string', () => {
    expect(parseWindowTime(800 as unknown as string).ok).toBe(false);
  });
});

describe('validateWindowSettings', () => {
  const cases: Array<{ settings: SendingWindowSettings; field: string | null }> = [
    { settings: day, field: null },
    { settings: night, field: null },
    { settings: allDay, field: null },
    { settings: { opens: '8am', closes: '20:00' }, field: 'opens' },
    { settings: { opens: '08:00', closes: '24:00' }, field: 'closes' },
  ];
  it.each(cases)('$settings.opens-$settings.closes -> $field', ({ settings, field }) => {
    const r = validateWindowSettings(settings);
    expect(r.ok ? null : r.error.field).toBe(field);
  });
});

describe('isWindowOpen and nextOpening', () => {
  const cases: Array<{ name: string; settings: SendingWindowSettings; at: string; open: boolean; next: string }> = [
    // 08:00 to 20:00
    { name: 'exactly 08:00 opens (inclusive)', settings: day, at: '2025-03-10T05:00:00.000Z', open: true, next: '2025-03-11T05:00:00.000Z' },
    { name: 'a millisecond before 08:00', settings: day, at: '2025-03-10T04:59:59.999Z', open: false, next: '2025-03-10T05:00:00.000Z' },
    { name: 'midday', settings: day, at: '2025-03-10T09:30:00.000Z', open: true, next: '2025-03-11T05:00:00.000Z' },
    { name: '19:59:59', settings: day, at: '2025-03-10T16:59:59.000Z', open: true, next: '2025-03-11T05:00:00.000Z' },
    { name: '19:59:59.999', settings: day, at: '2025-03-10T16:59:59.999Z', open: true, next: '2025-03-11T05:00:00.000Z' },
    { name: 'exactly 20:00 closes (exclusive)', settings: day, at: '2025-03-10T17:00:00.000Z', open: false, next: '2025-03-11T05:00:00.000Z' },
    { name: '23:59 EAT', settings: day, at: '2025-03-10T20:59:00.000Z', open: false, next: '2025-03-11T05:00:00.000Z' },
    { name: '00:00 EAT is 21:00Z of the UTC day before', settings: day, at: '2025-03-10T21:00:00.000Z', open: false, next: '2025-03-11T05:00:00.000Z' },
    { name: '02:00 EAT, still the previous UTC day', settings: day, at: '2025-03-10T23:00:00.000Z', open: false, next: '2025-03-11T05:00:00.000Z' },
    { name: '05:00 EAT is 02:00Z', settings: day, at: '2025-03-11T02:00:00.000Z', open: false, next: '2025-03-11T05:00:00.000Z' },
    { name: 'across a month and year end', settings: day, at: '2025-12-31T18:00:00.000Z', open: false, next: '2026-01-01T05:00:00.000Z' },
    { name: 'across 29 February', settings: day, at: '2024-02-28T20:00:00.000Z', open: false, next: '2024-02-29T05:00:00.000Z' },
    // 20:00 to 06:00 spans midnight
    { name: 'night window at 20:00', settings: night, at: '2025-03-10T17:00:00.000Z', open: true, next: '2025-03-11T17:00:00.000Z' },
    { name: 'night window at 19:59', settings: night, at: '2025-03-10T16:59:00.000Z', open: false, next: '2025-03-10T17:00:00.000Z' },
    { name: 'night window at 23:59', settings: night, at: '2025-03-10T20:59:00.000Z', open: true, next: '2025-03-11T17:00:00.000Z' },
    { name: 'night window at midnight', settings: night, at: '2025-03-10T21:00:00.000Z', open: true, next: '2025-03-11T17:00:00.000Z' },
    { name: 'night window at 05:59:59', settings: night, at: '2025-03-11T02:59:59.000Z', open: true, next: '2025-03-11T17:00:00.000Z' },
    { name: 'night window at 06:00', settings: night, at: '2025-03-11T03:00:00.000Z', open: false, next: '2025-03-11T17:00:00.000Z' },
    { name: 'night window at noon', settings: night, at: '2025-03-11T09:00:00.000Z', open: false, next: '2025-03-11T17:00:00.000Z' },
    // closing at midnight, opening at midnight
    { name: '22:00-00:00 at 23:59', settings: toMidnight, at: '2025-03-10T20:59:00.000Z', open: true, next: '2025-03-11T19:00:00.000Z' },
    { name: '22:00-00:00 at midnight', settings: toMidnight, at: '2025-03-10T21:00:00.000Z', open: false, next: '2025-03-11T19:00:00.000Z' },
    { name: '00:00-06:00 at midnight', settings: fromMidnight, at: '2025-03-10T21:00:00.000Z', open: true, next: '2025-03-11T21:00:00.000Z' },
    { name: '00:00-06:00 at 23:59', settings: fromMidnight, at: '2025-03-10T20:59:00.000Z', open: false, next: '2025-03-10T21:00:00.000Z' },
    // opening equal to closing: open all day; next opening is the nominal start of the next day
    { name: 'all day at its opening time', settings: allDay, at: '2025-03-10T05:00:00.000Z', open: true, next: '2025-03-11T05:00:00.000Z' },
    { name: 'all day just before its opening time', settings: allDay, at: '2025-03-10T04:59:59.000Z', open: true, next: '2025-03-10T05:00:00.000Z' },
    { name: 'all day at 20:00', settings: allDay, at: '2025-03-10T17:00:00.000Z', open: true, next: '2025-03-11T05:00:00.000Z' },
    { name: 'all day from midnight at 23:59', settings: allDayMidnight, at: '2025-03-10T20:59:00.000Z', open: true, next: '2025-03-10T21:00:00.000Z' },
    { name: 'all day from midnight at midnight', settings: allDayMidnight, at: '2025-03-10T21:00:00.000Z', open: true, next: '2025-03-11T21:00:00.000Z' },
    // before the epoch, where negative milliseconds must still floor to the right day
    { name: 'before 1970', settings: day, at: '1969-12-31T06:00:00.000Z', open: true, next: '1970-01-01T05:00:00.000Z' },
  ];
  it.each(cases)('$name', ({ settings, at, open, next }) => {
    const instant = new Date(at);
    expect(isWindowOpen(settings, instant)).toBe(open);
    const opening = nextOpening(settings, instant);
    expect(opening.toISOString()).toBe(next);
    expect(opening.getTime()).toBeGreaterThan(instant.getTime());
    expect(isWindowOpen(settings, opening)).toBe(true);
    expect(heldUntil(settings, instant)?.toISOString() ?? null).toBe(open ? null : next);
  });

  const bugs: Array<{ name: string; call: () => unknown }> = [
    { name: 'bad stored settings', call: () => isWindowOpen({ opens: '25:00', closes: '20:00' }, new Date(0)) },
    { name: 'bad closing time', call: () => nextOpening({ opens: '08:00', closes: 'late' }, new Date(0)) },
    { name: 'an invalid Date', call: () => isWindowOpen(day, new Date(Number.NaN)) },
    { name: 'a string instead of a Date', call: () => nextOpening(day, '2025-03-10T05:00:00Z' as unknown as Date) },
  ];
  it.each(bugs)('throws on $name', ({ call }) => {
    expect(call).toThrow(Error);
  });
});

describe('describeWindow', () => {
  const cases: Array<{ at: string; open_now: boolean; next_opening: string }> = [
    { at: '2025-03-10T05:00:00.000Z', open_now: true, next_opening: '2025-03-11T05:00:00.000Z' },
    { at: '2025-03-10T17:00:00.000Z', open_now: false, next_opening: '2025-03-11T05:00:00.000Z' },
  ];
  it.each(cases)('at $at', ({ at, open_now, next_opening }) => {
    expect(describeWindow(day, new Date(at))).toEqual({
      applies_to: 'promotional',
      opens: '08:00',
      closes: '20:00',
      time_zone: 'Africa/Dar_es_Salaam',
      open_now,
      next_opening: new Date(next_opening),
    });
  });
});

describe('the fixed +03:00 offset', () => {
  // Guards the assumption in sending-window.ts against the runtime's tz database.
  const instants = ['1975-06-01T12:00:00Z', '2000-01-01T00:00:00Z', '2025-03-30T01:30:00Z', '2025-10-26T01:30:00Z', '2030-07-15T21:00:00Z'];
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Dar_es_Salaam',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  it.each(instants)('matches Africa/Dar_es_Salaam at %s', (iso) => {
    const at = new Date(iso);
    const local = format.format(at);
    const shifted = new Date(at.getTime() + 3 * 3600 * 1000).toISOString().slice(11, 16);
    expect(local).toBe(shifted);
  });
});

describe('waitsForWindow', () => {
  it.each([
    ['promotional', false, true],
    ['promotional', true, false],
    ['transactional', false, false],
    ['transactional', true, false],
  ] as const)('%s with the window open %s: %s', (trafficClass, open, waits) => expect(waitsForWindow(trafficClass, open)).toBe(waits));
});

describe('nextWindowChange', () => {
  it('is the closing while the window is open and the opening while it is shut, strictly after the instant', () => {
    expect(nextWindowChange(day, new Date('2026-03-10T09:00:00Z'))).toEqual(new Date('2026-03-10T17:00:00Z'));
    expect(nextWindowChange(day, new Date('2026-03-10T17:00:00Z'))).toEqual(new Date('2026-03-11T05:00:00Z'));
    expect(nextWindowChange(day, new Date('2026-03-10T04:59:59Z'))).toEqual(new Date('2026-03-10T05:00:00Z'));
    expect(nextWindowChange(day, new Date('2026-03-10T05:00:00Z'))).toEqual(new Date('2026-03-10T17:00:00Z'));
  });

  it('follows a window across midnight', () => {
    // 20:00 to 06:00 EAT = 17:00Z to 03:00Z.
    expect(nextWindowChange(night, new Date('2026-03-10T22:00:00Z'))).toEqual(new Date('2026-03-11T03:00:00Z'));
    expect(nextWindowChange(night, new Date('2026-03-11T03:00:00Z'))).toEqual(new Date('2026-03-11T17:00:00Z'));
  });

  it('is null for a window open all day, which never changes', () => {
    expect(nextWindowChange(allDay, new Date('2026-03-10T09:00:00Z'))).toBeNull();
    expect(nextWindowChange(allDayMidnight, new Date('2026-03-10T09:00:00Z'))).toBeNull();
  });
});
