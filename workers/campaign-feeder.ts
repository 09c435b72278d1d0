// The campaign feeder: turns recipients of sending campaigns into messages for the dispatcher, and moves
// campaigns on (scheduled starts, expiry, completion, the end of a cancel) within moments rather than at the tick.
import type { Deps } from '../core/app/context.ts';
import { newCtx } from '../core/app/context.ts';
import { nativePool } from '../core/db/sql.ts';
import { readSettings } from '../core/app/platform/settings.ts';
import { feedOnce } from '../core/app/campaigns/feed.ts';
import { runCampaignProgress } from '../core/app/campaigns/campaign-progress.ts';

export interface FeederOptions {
  /** Pause when no campaign needs feeding. */
  idleMs: number;
  /** How often campaign progress (starts, expiry, completion, cancels) is looked at. */
  progressMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startCampaignFeeder(deps: Deps, options: FeederOptions): { stop(): Promise<void> } {
  let stopped = false;
  let lastProgress = 0;

  async function once(): Promise<void> {
    const pool = await nativePool(deps.orm.em);
    const ctx = await newCtx(deps);
    if (Date.now() - lastProgress >= options.progressMs) {
      lastProgress = Date.now();
      await runCampaignProgress(pool, ctx.now);
    }
    const settings = await readSettings(ctx);
    const fed = await feedOnce(pool, ctx.now, settings.window);
    if (fed === 0) await sleep(options.idleMs);
  }

  const running = (async () => {
    while (!stopped) {
      await once().catch(async (err: unknown) => {
        process.stderr.write(`campaign feeder failed: ${String(err)}\n`);
        await sleep(1000);
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}
