// Where a dispatcher that follows the binds' configuration gets each lane's providers while it runs: in development
// each bind's own simulator, started when its bind first gets a lane and closed once its bind is gone; with
// LIVE_DISPATCH also the bind's SMSC. A bind changed keeps its simulator: the new lane links to the same one.
import type { Deps } from '../../core/app/context.ts';
import type { LaneConfig } from '../../core/app/binds/lane-configs.ts';
import type { BindProviders } from './lane.ts';
import { startSmscSimulator, type SmscSimulator } from '../providers/smsc-simulator.ts';
import { closeBind, connectBind, type LinkOptions } from './lane-providers.ts';

export interface BindSource {
  /** Readies what the bind's providers need before they link (its own simulator). */
  prepare(config: LaneConfig): Promise<void>;
  /** The bind's providers, linking at once: called in the turn whose lane takes their receipts. */
  connect(config: LaneConfig): BindProviders;
  /** After its lane stopped: its links unbound and, when `gone` (no lane of its bind is left), its simulator closed. */
  release(lane: BindProviders, gone: boolean): Promise<void>;
}

export interface OwnBinds extends BindSource {
  /** Each bind's own simulator now, by bind (empty when every lane shares one given simulator). */
  readonly simulators: ReadonlyMap<string, SmscSimulator>;
  /** Every link still open, then every simulator, closed: after the dispatcher stopped. */
  close(): Promise<void>;
}

/**
 * `simulatorUrl`: one simulator every lane's simulator side links to, instead of one of its own for each bind (a
 * test with live dispatch, whose simulator sides are never used).
 */
export function ownBinds(deps: Deps, options: LinkOptions & { simulatorUrl?: string } = {}): OwnBinds {
  const simulators = new Map<string, SmscSimulator>();
  const open = new Set<BindProviders>();
  return {
    simulators,
    async prepare(config) {
      if (options.simulatorUrl !== undefined || simulators.has(config.name)) return;
      simulators.set(config.name, await startSmscSimulator({ port: 0, dlrDelayMs: deps.config.simulatorReceiptDelayMs }));
    },
    connect(config) {
      const url = options.simulatorUrl ?? simulators.get(config.name)?.url;
      if (url === undefined) throw new Error(`bind ${config.name} has no simulator: prepare it first`);
      const lane = connectBind(deps, config, url, options);
      open.add(lane);
      return lane;
    },
    async release(lane, gone) {
      open.delete(lane);
      // Taken out in this turn, before anything closes: a bind added again from now on gets a new one.
      const simulator = gone ? simulators.get(lane.bind) : undefined;
      if (simulator) simulators.delete(lane.bind);
      await closeBind(lane);
      await simulator?.close();
    },
    async close() {
      await Promise.all([...open].map(closeBind));
      open.clear();
      const all = [...simulators.values()];
      simulators.clear();
      await Promise.all(all.map((s) => s.close()));
    },
  };
}
