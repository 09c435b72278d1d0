// When a campaign's job comes back (nextStep): a pure rule of the campaign's status, its times, the window, and
// whether the step just done moved or fed anything.
import { describe, expect, it } from 'vitest';
import { FIRST_WAIT_MS, LONGEST_SHUT_WAIT_MS, LONGEST_WAIT_MS, nextStep } from '../../core/app/campaigns/run-campaign.ts';
import type { CampaignClock } from '../../core/db/campaigns/campaign-clock.ts';
import { DEFAULT_SENDING_WINDOW } from '../../core/domain/sending-window.ts';

const window = DEFAULT_SENDING_WINDOW; // 08:00 to 20:00 EAT = 05:00Z to 17:00Z
const NOON = new Date('2026-03-10T09:00:00Z');
const NIGHT = new Date('2026-03-10T19:00:00Z'); // 22:00 EAT: shut until 05:00Z
const HOUR = 3_600_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

function clock(over: Partial<CampaignClock>): CampaignClock {
  return { status: 'sending', traffic_class: 'transactional', starts_at: NOON, expires_at: at(NOON, 24 * HOUR), to_feed: false, unanswered: false, ...over };
}

describe('nextStep', () => {
  it('a scheduled campaign comes back at its start', () => {
    expect(nextStep(clock({ status: 'scheduled', starts_at: at(NOON, HOUR), expires_at: at(NOON, 25 * HOUR) }), NOON, window, false, undefined)).toEqual({ runAfterMs: HOUR });
  });

  it('a campaign over, or gone, has no next step', () => {
    for (const status of ['completed', 'cancelled', 'draft', 'discarded'] as const) expect(nextStep(clock({ status }), NOON, window, true, 100)).toEqual({ runAfterMs: null });
    expect(nextStep(undefined, NOON, window, false, undefined)).toEqual({ runAfterMs: null });
  });

  it('comes back at once while it feeds, or when nothing is left to wait for after a step that worked', () => {
    expect(nextStep(clock({ to_feed: true, unanswered: true }), NOON, window, true, 800)).toEqual({ runAfterMs: 0 });
    expect(nextStep(clock({ to_feed: false, unanswered: false }), NOON, window, true, undefined)).toEqual({ runAfterMs: 0 });
  });

  it('while it waits for the dispatcher the pause doubles from the first to the longest, and starts again after work', () => {
    const waiting = clock({ to_feed: true, unanswered: true });
    expect(nextStep(waiting, NOON, window, false, undefined)).toEqual({ runAfterMs: FIRST_WAIT_MS, waitedMs: FIRST_WAIT_MS });
    expect(nextStep(waiting, NOON, window, false, 200)).toEqual({ runAfterMs: 400, waitedMs: 400 });
    expect(nextStep(waiting, NOON, window, false, LONGEST_WAIT_MS)).toEqual({ runAfterMs: LONGEST_WAIT_MS, waitedMs: LONGEST_WAIT_MS });
    expect(nextStep(clock({ status: 'cancelling', unanswered: true }), NOON, window, true, 800)).toEqual({ runAfterMs: FIRST_WAIT_MS, waitedMs: FIRST_WAIT_MS });
  });

  it('a promotional campaign the window shuts waits longer between looks, and comes back at the opening at the latest', () => {
    const shut = clock({ traffic_class: 'promotional', to_feed: true, unanswered: true, expires_at: at(NIGHT, 24 * HOUR) });
    expect(nextStep(shut, NIGHT, window, false, 32_000)).toEqual({ runAfterMs: LONGEST_SHUT_WAIT_MS, waitedMs: LONGEST_SHUT_WAIT_MS });
    const justBefore = at(new Date('2026-03-11T05:00:00Z'), -10_000);
    expect(nextStep(shut, justBefore, window, false, 32_000)).toEqual({ runAfterMs: 10_000, waitedMs: LONGEST_SHUT_WAIT_MS });
    // A transactional one at night waits as by day.
    expect(nextStep({ ...shut, traffic_class: 'transactional' }, NIGHT, window, false, 32_000).runAfterMs).toBe(LONGEST_WAIT_MS);
  });

  it('never comes back later than its expiry', () => {
    const expiring = clock({ to_feed: true, unanswered: true, expires_at: at(NOON, 300) });
    expect(nextStep(expiring, NOON, window, false, 800).runAfterMs).toBe(300);
    expect(nextStep(clock({ status: 'scheduled', starts_at: at(NOON, HOUR), expires_at: at(NOON, 60_000) }), NOON, window, false, undefined).runAfterMs).toBe(60_000);
    expect(nextStep({ ...expiring, expires_at: at(NOON, -5) }, NOON, window, false, 800).runAfterMs).toBe(0);
  });
});
