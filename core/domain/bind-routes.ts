// Which bind carries each operator's messages now. A route lists an operator's binds in order: its own first, then
// its fallbacks. The first of them that is up (enabled and bound) carries the operator. When none is up, the first
// enabled one keeps it: its messages are claimed and wait at that bind for its link (and go back to the queue,
// never written, if it does not come), exactly as the one bind of a deployment without routes does. An operator
// with no route goes to the bind named `default` when there is one; with neither, its messages wait unclaimed.
import { OPERATORS, type Operator } from './operators.ts';

export const DEFAULT_BIND = 'default';

export interface BindAvailability {
  enabled: boolean;
  bound: boolean;
}

/** The binds an operator's messages may go to, in order. */
export function routeOf(operator: Operator, routes: ReadonlyMap<string, readonly string[]>, binds: ReadonlyMap<string, BindAvailability>): readonly string[] {
  return routes.get(operator) ?? (binds.has(DEFAULT_BIND) ? [DEFAULT_BIND] : []);
}

/** The bind that carries the operator's messages now, or null: they wait. */
export function carrierOf(operator: Operator, routes: ReadonlyMap<string, readonly string[]>, binds: ReadonlyMap<string, BindAvailability>): string | null {
  const enabled = routeOf(operator, routes, binds).filter((name) => binds.get(name)?.enabled === true);
  return enabled.find((name) => binds.get(name)!.bound) ?? enabled[0] ?? null;
}

/**
 * Each bind's operators now (a bind that carries none is absent). A bind that carries every operator gets null:
 * its claim needs no filter.
 */
export function operatorsByBind(routes: ReadonlyMap<string, readonly string[]>, binds: ReadonlyMap<string, BindAvailability>): Map<string, Operator[] | null> {
  const carried = new Map<string, Operator[]>();
  for (const operator of OPERATORS) {
    const bind = carrierOf(operator, routes, binds);
    if (bind !== null) carried.set(bind, [...(carried.get(bind) ?? []), operator]);
  }
  return new Map([...carried].map(([bind, operators]) => [bind, operators.length === OPERATORS.length ? null : operators]));
}
