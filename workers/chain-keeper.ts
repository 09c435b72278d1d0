// Starts the repeating campaign tasks when their work appears: every KEEP_MS it looks whether a campaign is live or
// has recipients to feed while no job of its task is alive, and queues one. So a campaign launched while no
// chain ran is fed within moments (the launch itself queues nothing yet), and a chain whose worker died (its job
// locked past STALE_MS) starts again on another worker. A poller like the dispatcher's: one statement a round.
import type { Deps } from '../core/app/context.ts';
import { nativePool } from '../core/db/sql.ts';
import { campaignWork } from '../core/db/jobs/campaign-work.ts';
import { queueUnlessAlive } from '../core/db/jobs/add-job.ts';
import { repeatingJob } from './repeating-task.ts';
import { startPoller, type Poller } from './poller.ts';

/** The feeder loop looked every 100 ms; a quarter of a second is as quick for a launch, and cheaper idle. */
export const KEEP_MS = 250;
/** A repeating job runs for about a second (ROUNDS_MS); one locked this long belongs to a worker that died. */
export const STALE_MS = 10_000;

/** One look: queues the repeating tasks whose work exists and that have no live job. Returns what it queued. */
export async function keepChains(deps: Deps): Promise<string[]> {
  const pool = await nativePool(deps.orm.em);
  const work = await campaignWork(pool, await deps.clock.now());
  const queued: string[] = [];
  for (const [name, due] of [['campaign_progress', work.live], ['feed_campaigns', work.toFeed]] as const) {
    if (due && (await queueUnlessAlive(pool, repeatingJob(name), STALE_MS))) queued.push(name);
  }
  return queued;
}

export function startChainKeeper(deps: Deps): Poller {
  return startPoller({
    round: async () => {
      await keepChains(deps);
      return 'idle';
    },
    idleMs: KEEP_MS,
    errorPauseMs: 1_000,
    onError: (err) => process.stderr.write(`chain keeper failed: ${String(err)}\n`),
  });
}
