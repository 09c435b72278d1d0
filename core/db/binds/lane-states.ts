// What each worker process's lanes report every second or two (one row per process and bind), for `ops binds`.
// Liveness is real time, on the database's own clock (as dispatchers' heartbeats are), not the service's clock.
import { exec, pgArray, rows, type Runner } from '../sql.ts';

export interface LaneStateRow {
  process_id: string;
  process: string;
  bind: string;
  bound: boolean;
  live: boolean;
  per_second: number;
  window_in_use: number;
  window_size: number;
  operators: string[];
  last_error: string | null;
  last_error_at: Date | null;
  seen_at: Date;
}

/** One statement for every lane of a process; then rows not seen for `keptMs` (any process's) go. */
export async function writeLaneStates(db: Runner, states: readonly Omit<LaneStateRow, 'seen_at'>[], keptMs: number): Promise<void> {
  const json = states.map((s) => ({ ...s, operators: pgArray(s.operators) }));
  await exec(
    db,
    `insert into smsc_lane_states
     select process_id, process, bind, bound, live, per_second, window_in_use, window_size, operators::text[], last_error, last_error_at, now()
       from jsonb_to_recordset(?::jsonb) as x(process_id uuid, process text, bind text, bound boolean, live boolean, per_second real,
         window_in_use int, window_size int, operators text, last_error text, last_error_at timestamptz)
       on conflict (process_id, bind) do update set process = excluded.process, bound = excluded.bound, live = excluded.live,
         per_second = excluded.per_second, window_in_use = excluded.window_in_use, window_size = excluded.window_size,
         operators = excluded.operators, last_error = excluded.last_error, last_error_at = excluded.last_error_at, seen_at = excluded.seen_at`,
    [JSON.stringify(json)],
  );
  await exec(db, "delete from smsc_lane_states where seen_at < now() - make_interval(secs => ?)", [keptMs / 1000]);
}

/** A process that stopped: its rows go at once. */
export async function deleteLaneStates(db: Runner, processId: string): Promise<void> {
  await exec(db, 'delete from smsc_lane_states where process_id = ?', [processId]);
}

/** The rows written in the last `freshMs`. */
export function readLaneStates(db: Runner, freshMs: number): Promise<LaneStateRow[]> {
  return rows<LaneStateRow>(db, 'select * from smsc_lane_states where seen_at >= now() - make_interval(secs => ?) order by bind, process', [freshMs / 1000]);
}
