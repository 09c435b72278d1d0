// Each bind's providers: its own instance of the built-in simulator (development, and live dispatch off), and with
// LIVE_DISPATCH its real SMSC at the bind's URL, with the bind's system type, pacing, window and submit timeout.
import type { Deps } from '../../core/app/context.ts';
import type { LaneConfig } from '../../core/app/binds/lane-configs.ts';
import type { BindProviders } from './lane.ts';
import { createSmppProvider, type SmppTiming } from '../providers/smpp-client.ts';
import type { SmppLogger } from '../providers/smpp-connection.ts';

const quiet: SmppLogger = {
  info: () => {},
  warn: (msg, fields) => process.stderr.write(`${JSON.stringify({ message: msg, ...fields })}\n`),
};

export interface LinkOptions {
  timing?: Partial<SmppTiming> | undefined;
  logger?: SmppLogger;
}

/**
 * One bind's providers, `simulatorUrl` being its own simulator's. The links bind as soon as they are made, and an
 * SMSC then sends the receipts it still holds: make them in the same turn as the dispatcher that takes their receipts.
 */
export function connectBind(deps: Deps, c: LaneConfig, simulatorUrl: string, options: LinkOptions = {}): BindProviders {
  const { timing, logger = quiet } = options;
  const simulator = createSmppProvider({ url: simulatorUrl, tps: 10_000, window: 500, submitTimeoutMs: c.submitTimeoutMs, logger, ...(timing ? { timing } : {}) });
  const live =
    deps.config.liveDispatch && c.url
      ? createSmppProvider({ url: c.url, systemType: c.systemType, tps: c.tps, window: c.window, submitTimeoutMs: c.submitTimeoutMs, logger, ...(timing ? { timing } : {}) })
      : null;
  return { bind: c.name, simulator, live, submitTimeoutMs: c.submitTimeoutMs };
}

/** Its links unbound and closed. */
export async function closeBind(lane: BindProviders): Promise<void> {
  await Promise.all([lane.simulator.close(), lane.live?.close()]);
}

/** `simulatorUrls`: the URL of each bind's own simulator. */
export function connectBinds(deps: Deps, configs: readonly LaneConfig[], simulatorUrls: ReadonlyMap<string, string>, options: LinkOptions = {}) {
  const lanes = configs.map((c) => connectBind(deps, c, simulatorUrls.get(c.name)!, options));
  return {
    lanes,
    async close() {
      await Promise.all(lanes.map(closeBind));
    },
  };
}
