// The dispatcher: one lane per bind (workers/lanes/lane.ts), each claiming the due messages of the operators it
// carries (no more than its SMSC can take in about a second); each message is marked just before it is written and
// handed to its lane's provider; one writer records answers and receipts of every lane, and acknowledges receipts
// once stored. Given a bind source, its lanes follow the binds' configuration while it runs (lanes/lane-set.ts).
import type { Pool } from 'pg';
import type { Deps } from '../core/app/context.ts';
import type { SmsProvider } from '../core/app/messages/provider.ts';
import type { PlatformSettings } from '../core/app/platform/settings.ts';
import { newCtx } from '../core/app/context.ts';
import { nativePool } from '../core/db/sql.ts';
import { readSettings } from '../core/app/platform/settings.ts';
import { DEFAULT_BIND } from '../core/domain/bind-routes.ts';
import { laneConfigs } from '../core/app/binds/lane-configs.ts';
import { forgetLaneStates } from '../core/app/binds/lane-states.ts';
import { settleLostClaims } from '../core/app/messages/lost-claims.ts';
import { lostClaimAfterMs } from '../core/app/messages/message-timers.ts';
import { heartbeat, HEARTBEAT_MS, retire } from '../core/app/messages/dispatchers.ts';
import { randomUUID } from 'node:crypto';
import { createDispatchWriter } from './dispatch-writer.ts';
import { listenInbound } from './inbound-receiver.ts';
import { startPoller } from './poller.ts';
import { createLane, type BindProviders, type Lane } from './lanes/lane.ts';
import { createLaneRouting, ROUTING_MS } from './lanes/lane-routing.ts';
import { createLaneSet, STOP_RECEIPTS_MS } from './lanes/lane-set.ts';
import type { BindSource } from './lanes/bind-source.ts';

export interface DispatcherOptions {
  /** Messages in flight at each lane's provider at most (claimed, not yet answered). */
  inFlight: number;
  /** Pause when nothing is due. */
  idleMs: number;
  /** How often answers and receipts are written (one transaction each). */
  flushMs: number;
}

/** What a worker process runs with (workers/runner.ts). */
export const DISPATCHER_DEFAULTS: DispatcherOptions = { inFlight: 1000, idleMs: 50, flushMs: 20 };

/** One bind's providers: the simulator's and the real SMSC's (LIVE_DISPATCH), chosen claim by claim by the switch. */
export interface Providers {
  /** The real operator route (LIVE_DISPATCH with the bind's URL), if this deployment has one. */
  live: SmsProvider | null;
  simulator: SmsProvider;
}

export type { BindProviders, BindSource };
export { STOP_RECEIPTS_MS };

const SETTINGS_MS = 250;
const CLAIM_ERROR_PAUSE_MS = 1_000;

/**
 * `providers`: one bind's (the `default` bind, carrying every operator without routes), or one per bind, each of
 * which gets a lane, for as long as the dispatcher runs; or a bind source, from which the lanes of the binds
 * configured are made, and made again as that configuration changes.
 */
export function startDispatcher(deps: Deps, providers: Providers | readonly BindProviders[] | BindSource, options: DispatcherOptions): { stop(): Promise<void> } {
  /** Named on each claim; the dispatcher says it is alive every second (dispatchers.ts). */
  const id = randomUUID();
  const source = 'connect' in providers ? providers : null;
  const fixed: readonly BindProviders[] = 'connect' in providers ? [] : 'simulator' in providers ? [{ bind: DEFAULT_BIND, ...providers }] : providers;
  const poolReady = nativePool(deps.orm.em);
  /** Messages this dispatcher claimed whose answer is not yet written: its claims in the database, less orphans. */
  const holding = new Set<string>();
  let stopping = false;
  const writer = createDispatchWriter(deps, poolReady, {
    stopping: () => stopping,
    written: (answers) => {
      for (const a of answers) holding.delete(a.message.id);
    },
  });

  // The platform settings (route, window, live-dispatch switch) read at most every SETTINGS_MS: a claim a few
  // milliseconds apart under load need not read them each time, and a change still applies within moments.
  let settingsRead: { at: number; settings: Promise<PlatformSettings> } | null = null;
  function currentSettings(): Promise<PlatformSettings> {
    const at = performance.now();
    if (!settingsRead || at - settingsRead.at > SETTINGS_MS) {
      const read = newCtx(deps).then(readSettings);
      read.catch(() => (settingsRead = null));
      settingsRead = { at, settings: read };
    }
    return settingsRead.settings;
  }

  const makeLane = (b: BindProviders) =>
    createLane(deps, b, {
      dispatcherId: id,
      inFlightMax: options.inFlight,
      settings: currentSettings,
      operatorsOf: (bind) => routing.operatorsOf(bind),
      backlog: () => writer.backlog(),
      markWriting: (m) => writer.markWriting(m),
      answered: (outcome) => writer.answered(outcome),
      claimed: (m) => void holding.add(m.id),
    });

  let lostLooked = 0;
  // A claim of a dispatcher that died: handed back if never written, unknown if it may have been.
  async function settleLost(pool: Pool): Promise<void> {
    if (performance.now() - lostLooked <= lostClaimAfterMs(deps.config.smppSubmitTimeoutMs)) return;
    lostLooked = performance.now();
    const now = await deps.clock.now();
    await settleLostClaims(pool, now, new Date(now.getTime() - lostClaimAfterMs(deps.config.smppSubmitTimeoutMs)), { dispatcherId: id, holding: [...holding] });
  }

  // Each lane claims round by round; a failed claim is tried again a second later (decision 0110).
  const claimLoop = (lane: Lane) =>
    startPoller({
      round: async () => {
        const pool = await poolReady;
        await settleLost(pool);
        return lane.claimRound(pool, await deps.clock.now());
      },
      idleMs: options.idleMs,
      errorPauseMs: CLAIM_ERROR_PAUSE_MS,
      onError: (err) => process.stderr.write(`dispatcher claim failed (bind ${lane.bind}): ${String(err)}\n`),
    });
  // Every provider of every lane is listened to here, and only here: its receipts by the writer, the messages
  // handsets send by the inbound receiver (under the lane's bind).
  const listen = (lane: Lane) => lane.providers.flatMap((provider) => [writer.listen(provider), listenInbound(deps, provider, lane.bind)]);
  const lanes = createLaneSet({ make: makeLane, claim: claimLoop, listen }, source, fixed);
  const routing = createLaneRouting(id, lanes.lanes);

  const routes = startPoller({
    round: async () => {
      const pool = await poolReady;
      await routing.refresh(pool);
      // The binds' settings follow the routing's own read: a bind added or changed has its lane within a second.
      if (source) await lanes.follow(await laneConfigs(deps, pool));
      return { pauseMs: ROUTING_MS };
    },
    idleMs: ROUTING_MS,
    errorPauseMs: ROUTING_MS,
    onError: (err) => process.stderr.write(`dispatcher routing read failed: ${String(err)}\n`),
  });
  // Alive until the stop is over: its written submits are still its own while they wait for their answers.
  const heart = startPoller({
    round: async () => {
      await heartbeat(await poolReady, id).catch((err: unknown) => process.stderr.write(`dispatcher heartbeat failed: ${String(err)}\n`));
      return { pauseMs: HEARTBEAT_MS };
    },
    idleMs: HEARTBEAT_MS,
    errorPauseMs: HEARTBEAT_MS,
    onError: (err) => process.stderr.write(`dispatcher heartbeat failed: ${String(err)}\n`),
  });
  const writing = poolReady.then((pool) => writer.run(pool, options.flushMs));
  return {
    // Stop claiming; submits not yet written are handed back, written ones wait for their answer (at most a submit
    // timeout); then stop reading from the SMSCs, store and acknowledge what was read, and write what is left.
    async stop() {
      stopping = true;
      await lanes.stop();
      writer.finish();
      await Promise.all([writing, routes.stop()]);
      await heart.stop();
      const pool = await poolReady;
      await forgetLaneStates(pool, id).catch(() => {});
      await retire(pool, id).catch(() => {});
    },
  };
}
