// The routing the lanes of one dispatcher share: the routes and the binds' enabled flags read again every second,
// each lane's link as it is now, and which operators each bind carries (core/domain/bind-routes.ts). And the report
// of every lane's state to the database every two seconds, for `ops binds`. The lanes are those running now: a lane
// that stops (its bind removed or changed) no longer carries anything, nor is reported.
import { hostname } from 'node:os';
import type { Pool } from 'pg';
import type { Operator } from '../../core/domain/operators.ts';
import type { Lane } from './lane.ts';
import { operatorsByBind } from '../../core/domain/bind-routes.ts';
import { availability, readRouting, type Routing } from '../../core/app/binds/lane-configs.ts';
import { reportLaneStates } from '../../core/app/binds/lane-states.ts';

export const ROUTING_MS = 1_000;
export const REPORT_MS = 2_000;

export function createLaneRouting(dispatcherId: string, lanes: () => readonly Lane[]) {
  let routing: Routing | null = null;
  let lastReport = 0;
  const process_ = `${hostname()}:${process.pid}`;

  function carried(): Map<string, Operator[] | null> {
    if (!routing) return new Map();
    const bound = new Map(lanes().map((l) => [l.bind, l.bound()]));
    return operatorsByBind(routing.routes, availability(routing, bound));
  }

  return {
    /** Until the first read, no lane claims. */
    operatorsOf(bind: string): Operator[] | null {
      const map = carried();
      return map.has(bind) ? map.get(bind)! : [];
    },
    /** One round: the routing read again, and every other round the lanes' states written. */
    async refresh(pool: Pool): Promise<void> {
      routing = await readRouting(pool);
      if (performance.now() - lastReport < REPORT_MS) return;
      lastReport = performance.now();
      const map = carried();
      await reportLaneStates(pool, dispatcherId, process_, lanes().map((l) => ({ bind: l.bind, operators: map.has(l.bind) ? map.get(l.bind) ?? null : [], ...l.report() })));
    },
  };
}
