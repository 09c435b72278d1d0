// `ops binds`: each bind's configuration (its URL without the password) and its live state, per worker process
// and summed, from what each process's lanes wrote in the last few seconds.
import type { Ctx } from '../context.ts';
import { readBinds } from '../../db/binds/binds.ts';
import { readLaneStates, type LaneStateRow } from '../../db/binds/lane-states.ts';
import { bindView } from './manage-binds.ts';
import { defaultLane } from './lane-configs.ts';
import { shownUrl } from './bind-input.ts';

/** A process's lane state counts while it was written this recently (lanes write every second or two). */
export const LANE_STATE_FRESH_MS = 10_000;

function processView(s: LaneStateRow) {
  return {
    process: s.process,
    process_id: s.process_id,
    bound: s.bound,
    live: s.live,
    per_second: Math.round(s.per_second * 10) / 10,
    window_in_use: s.window_in_use,
    window: s.window_size,
    operators: s.operators,
    last_error: s.last_error === null ? null : { message: s.last_error, at: s.last_error_at?.toISOString() ?? null },
    seen_at: s.seen_at.toISOString(),
  };
}

function summed(states: LaneStateRow[]) {
  const lastError = states.filter((s) => s.last_error_at !== null).sort((a, b) => b.last_error_at!.getTime() - a.last_error_at!.getTime())[0];
  return {
    processes: states.length,
    bound: states.filter((s) => s.bound).length,
    per_second: Math.round(states.reduce((sum, s) => sum + s.per_second, 0) * 10) / 10,
    window_in_use: states.reduce((sum, s) => sum + s.window_in_use, 0),
    window: states.reduce((sum, s) => sum + s.window_size, 0),
    last_error: lastError ? { message: lastError.last_error, at: lastError.last_error_at!.toISOString() } : null,
  };
}

export async function listBinds(ctx: Ctx) {
  const [binds, states] = await Promise.all([readBinds(ctx.em), readLaneStates(ctx.em, LANE_STATE_FRESH_MS)]);
  const configured =
    binds.length > 0
      ? binds.map(bindView)
      : [(() => {
          const d = defaultLane(ctx.deps);
          return { name: d.name, url: d.url === null ? null : shownUrl(d.url), system_type: '', tps: d.tps, window: d.window, submit_timeout_ms: d.submitTimeoutMs, enabled: true, from_environment: true };
        })()];
  return {
    binds: configured.map((b) => {
      const own = states.filter((s) => s.bind === b.name);
      return { ...b, state: { total: summed(own), by_process: own.map(processView) } };
    }),
  };
}
