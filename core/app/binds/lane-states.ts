// Each worker process's lanes say how they are every two seconds; rows of processes that stopped saying so go.
import type { Runner } from '../../db/sql.ts';
import { OPERATORS } from '../../domain/operators.ts';
import { deleteLaneStates, writeLaneStates } from '../../db/binds/lane-states.ts';
import type { ProviderState } from '../messages/provider.ts';

/** A row not written for this long belongs to a process that stopped. */
export const LANE_STATE_KEPT_MS = 60_000;

export interface LaneReport extends ProviderState {
  bind: string;
  /** null: every operator. */
  operators: readonly string[] | null;
  live: boolean;
  perSecond: number;
}

export async function reportLaneStates(db: Runner, processId: string, process: string, lanes: readonly LaneReport[]): Promise<void> {
  const states = lanes.map((l) => ({
    process_id: processId,
    process,
    bind: l.bind,
    bound: l.bound,
    live: l.live,
    per_second: l.perSecond,
    window_in_use: l.windowInUse,
    window_size: l.window,
    operators: [...(l.operators ?? OPERATORS)],
    last_error: l.lastError?.message ?? null,
    last_error_at: l.lastError?.at ?? null,
  }));
  await writeLaneStates(db, states, LANE_STATE_KEPT_MS);
}

export async function forgetLaneStates(db: Runner, processId: string): Promise<void> {
  await deleteLaneStates(db, processId);
}
