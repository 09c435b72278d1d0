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

/**
 * `simulatorUrls`: the URL of each bind's own simulator. The links bind as soon as they are made, and an SMSC
 * then sends the receipts it still holds: make them in the same turn as the dispatcher that takes their receipts.
 */
export function connectBinds(
  deps: Deps,
  configs: readonly LaneConfig[],
  simulatorUrls: ReadonlyMap<string, string>,
  options: { timing?: Partial<SmppTiming> | undefined; logger?: SmppLogger } = {},
) {
  const { timing, logger = quiet } = options;
  const lanes: BindProviders[] = configs.map((c) => {
    const simulator = createSmppProvider({ url: simulatorUrls.get(c.name)!, tps: 10_000, window: 500, submitTimeoutMs: c.submitTimeoutMs, logger, ...(timing ? { timing } : {}) });
    const live =
      deps.config.liveDispatch && c.url
        ? createSmppProvider({ url: c.url, systemType: c.systemType, tps: c.tps, window: c.window, submitTimeoutMs: c.submitTimeoutMs, logger, ...(timing ? { timing } : {}) })
        : null;
    return { bind: c.name, simulator, live, submitTimeoutMs: c.submitTimeoutMs };
  });
  return {
    lanes,
    async close() {
      await Promise.all(lanes.flatMap((l) => [l.simulator.close(), l.live?.close()]));
    },
  };
}
