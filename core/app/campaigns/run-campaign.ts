// One step of a campaign's own job (workers/tasks/campaign.ts): the moves due for it now (start, expiry, completion,
// the end of a cancel), its recipients fed batch after batch, and when its job should come back. A scheduled
// campaign comes back at its start; a promotional one that waits for the window at the window's opening; one that
// waits for the dispatcher (its queue full, its messages unanswered) after a pause that grows while nothing moves;
// each no later than its expiry. A campaign in a final status has no next step.
import type { CampaignPool } from '../../db/campaigns/own-client.ts';
import type { CampaignRef } from '../../db/campaigns/launched.ts';
import { readCampaignClock, type CampaignClock } from '../../db/campaigns/campaign-clock.ts';
import { isFinal } from '../../domain/campaign-states.ts';
import { isWindowOpen, nextOpening, waitsForWindow, type SendingWindowSettings } from '../../domain/sending-window.ts';
import { feedOnce } from './feed.ts';
import { runCampaignProgress } from './campaign-progress.ts';

/** The first pause while a campaign waits (the feeder loop's idle pause), doubled while nothing moves... */
export const FIRST_WAIT_MS = 100;
/** ...up to this: a campaign's end is seen within a second of its last answer. */
export const LONGEST_WAIT_MS = 1_000;
/** ...or this while the window is shut on a promotional campaign: nothing of it is sent before the opening. */
export const LONGEST_SHUT_WAIT_MS = 60_000;
/** How long one step feeds batch after batch before it hands over to its next job. */
export const STEP_MS = 1_000;

export interface CampaignStep {
  /** When the next step is due, from now; null: the campaign is over. */
  runAfterMs: number | null;
  /** The pause this step chose while the campaign waits (undefined when it did not wait). */
  waitedMs?: number;
}

/** Counts the moves of a progress run. */
const movesOf = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

export async function runCampaignStep(
  pool: CampaignPool,
  c: CampaignRef,
  now: Date,
  window: SendingWindowSettings,
  waitedMs: number | undefined,
  stepMs = STEP_MS,
): Promise<CampaignStep> {
  let moved = movesOf(await runCampaignProgress(pool, now, c));
  let fed = 0;
  const until = performance.now() + stepMs;
  for (;;) {
    const batch = await feedOnce(pool, now, window, undefined, c);
    fed += batch;
    if (batch === 0 || performance.now() >= until) break;
  }
  // A feed that fed the last recipients may have left nothing to wait for: the campaign completes now.
  if (fed > 0) moved += movesOf(await runCampaignProgress(pool, now, c));
  const clock = await readCampaignClock(pool, c);
  return nextStep(clock, now, window, moved + fed > 0, waitedMs);
}

/** When the campaign's next step is due, from what it is now. */
export function nextStep(c: CampaignClock | undefined, now: Date, window: SendingWindowSettings, worked: boolean, waitedMs: number | undefined): CampaignStep {
  // Over, or never launched: nothing more for its job to do.
  if (!c || c.status === 'draft' || isFinal(c.status)) return { runAfterMs: null };
  const until = (at: Date | null) => (at ? Math.max(0, at.getTime() - now.getTime()) : 0);
  const byExpiry = (ms: number) => (c.expires_at ? Math.min(ms, until(c.expires_at)) : ms);
  if (c.status === 'scheduled') return { runAfterMs: byExpiry(until(c.starts_at)) };
  // More to feed now, or nothing left to wait for: its completion is due.
  if (c.status === 'sending' && worked && (c.to_feed || !c.unanswered)) return { runAfterMs: 0 };
  // Its recipients and queued messages wait for the opening; what was in flight at the close is answered meanwhile.
  const shut = waitsForWindow(c.traffic_class, isWindowOpen(window, now));
  const wait = worked || waitedMs === undefined ? FIRST_WAIT_MS : Math.min(waitedMs * 2, shut ? LONGEST_SHUT_WAIT_MS : LONGEST_WAIT_MS);
  const opening = shut ? until(nextOpening(window, now)) : Infinity;
  return { runAfterMs: byExpiry(Math.min(wait, opening)), waitedMs: wait };
}
