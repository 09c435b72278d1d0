// What a worker process's dispatcher runs: one lane per bind. With no bind configured, one bind named `default`
// made of SMPP_URL, SMPP_TPS, SMPP_WINDOW and SMPP_SUBMIT_TIMEOUT_MS carries every operator, as before binds.
import type { Deps } from '../context.ts';
import type { Runner } from '../../db/sql.ts';
import { DEFAULT_BIND, type BindAvailability } from '../../domain/bind-routes.ts';
import type { LaneSettings } from '../../domain/lane-plan.ts';
import { readBinds, readRoutes } from '../../db/binds/binds.ts';
import { open } from '../webhooks/secret-box.ts';
import { sealedFor } from './manage-binds.ts';

export type LaneConfig = LaneSettings;

export function defaultLane(deps: Deps): LaneConfig {
  const { smpp, smppSubmitTimeoutMs } = deps.config;
  return { name: DEFAULT_BIND, url: smpp.url, systemType: '', tps: smpp.tps, window: smpp.window, submitTimeoutMs: smppSubmitTimeoutMs };
}

/**
 * Every configured bind, enabled or not (a disabled one is enabled again without a restart); or the default one.
 * A dispatcher that follows the configuration reads it again every second (workers/lanes/lane-set.ts).
 */
export async function laneConfigs(deps: Deps, db: Runner): Promise<LaneConfig[]> {
  const binds = await readBinds(db);
  if (binds.length === 0) return [defaultLane(deps)];
  return binds.map((b) => ({
    name: b.name,
    url: open(deps.config.webhookSecretsKey, sealedFor(b.name), b.url_sealed),
    systemType: b.system_type,
    tps: b.tps,
    window: b.window_size,
    submitTimeoutMs: b.submit_timeout_ms,
  }));
}

export interface Routing {
  routes: Map<string, readonly string[]>;
  enabled: Map<string, boolean>;
}

/** The routes and which binds are enabled, read again every second by the dispatcher. */
export async function readRouting(db: Runner): Promise<Routing> {
  const [routes, binds] = await Promise.all([readRoutes(db), readBinds(db)]);
  return {
    routes: new Map(routes.map((r) => [r.operator, r.binds])),
    // No bind configured: the default bind, always enabled.
    enabled: binds.length === 0 ? new Map([[DEFAULT_BIND, true]]) : new Map(binds.map((b) => [b.name, b.enabled])),
  };
}

/** The binds' availability as the routing rule reads it, from the routing and each lane's link. */
export function availability(routing: Routing, bound: ReadonlyMap<string, boolean>): Map<string, BindAvailability> {
  return new Map([...routing.enabled].map(([name, enabled]) => [name, { enabled: enabled && bound.has(name), bound: bound.get(name) === true }]));
}
