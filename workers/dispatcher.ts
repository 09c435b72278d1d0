// The dispatcher: claims due messages (no more than its SMSC can take in about a second), marks each just before
// it is written, hands it to the provider, records answers and receipts, and acknowledges receipts once stored.
import type { Pool } from 'pg';
import type { Deps } from '../core/app/context.ts';
import type { SmsProvider } from '../core/app/messages/provider.ts';
import type { Outcome } from '../core/app/messages/record-outcomes.ts';
import type { ClaimedMessage } from '../core/db/messages/claim.ts';
import { newCtx } from '../core/app/context.ts';
import { isWindowOpen } from '../core/domain/sending-window.ts';
import { notSentReason } from '../core/domain/failure-reasons.ts';
import { nativePool } from '../core/db/sql.ts';
import { readSettings } from '../core/app/platform/settings.ts';
import { claimDue } from '../core/app/messages/claim-due.ts';
import { settleLostClaims } from '../core/app/messages/lost-claims.ts';
import { lostClaimAfterMs } from '../core/app/messages/message-timers.ts';
import { heartbeat, HEARTBEAT_MS, retire } from '../core/app/messages/dispatchers.ts';
import { randomUUID } from 'node:crypto';
import { createDispatchWriter } from './dispatch-writer.ts';
import { listenInbound } from './inbound-receiver.ts';
import { startPoller, type Next } from './poller.ts';

export interface DispatcherOptions {
  /** Messages in flight at the provider at most (claimed, not yet answered). */
  inFlight: number;
  /** Pause when nothing is due. */
  idleMs: number;
  /** How often answers and receipts are written (one transaction each). */
  flushMs: number;
}

/** What a worker process runs with (workers/runner.ts). */
export const DISPATCHER_DEFAULTS: DispatcherOptions = { inFlight: 1000, idleMs: 50, flushMs: 20 };

export interface Providers {
  /** The real operator route (LIVE_DISPATCH with SMPP_URL), if this deployment has one. */
  live: SmsProvider | null;
  simulator: SmsProvider;
}

const SETTINGS_MS = 250;
/** Claims go no further ahead of the pacer than this: what a crash may strand is about a second's sending. */
const CLAIM_AHEAD_S = 1;
/** At a stop, how long receipts read but not yet stored may take to be stored and acknowledged. */
export const STOP_RECEIPTS_MS = 5_000;
/** The pause when the room is used up (answers or the pacer are behind). */
const NO_ROOM_PAUSE_MS = 5;
const CLAIM_ERROR_PAUSE_MS = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startDispatcher(deps: Deps, providers: Providers, options: DispatcherOptions): { stop(): Promise<void> } {
  /** Named on each claim; the dispatcher says it is alive every second (dispatchers.ts). */
  const id = randomUUID();
  let inFlight = 0;
  /** Claimed, handed to the provider, not yet at its first write (waiting for the window or the pacer). */
  let waiting = 0;
  const all = [providers.simulator, ...(providers.live ? [providers.live] : [])];
  const poolReady = nativePool(deps.orm.em);
  /** Messages this dispatcher claimed whose answer is not yet written: its claims in the database, less orphans. */
  const holding = new Set<string>();
  const writer = createDispatchWriter(deps, poolReady, {
    stopping: () => claims.stopping,
    written: (answers) => {
      for (const a of answers) holding.delete(a.message.id);
    },
  });
  const unlisten = all.map((provider) => writer.listen(provider));
  unlisten.push(...all.map((provider) => listenInbound(deps, provider, null)));

  let lostLooked = 0;
  async function claimRound(): Promise<Next> {
    const pool = await poolReady;
    // A claim of a dispatcher that died: handed back if never written, unknown if it may have been.
    if (performance.now() - lostLooked > lostClaimAfterMs(deps.config.smppSubmitTimeoutMs)) {
      lostLooked = performance.now();
      const now = await deps.clock.now();
      await settleLostClaims(pool, now, new Date(now.getTime() - lostClaimAfterMs(deps.config.smppSubmitTimeoutMs)), { dispatcherId: id, holding: [...holding] });
    }
    return claimOnce(pool);
  }

  // The platform settings (route, window, live-dispatch switch) read at most every SETTINGS_MS: a claim a few
  // milliseconds apart under load need not read them each time, and a change still applies within moments.
  let settingsRead: { at: number; settings: Awaited<ReturnType<typeof readSettings>> } | null = null;
  async function currentSettings(ctx: Awaited<ReturnType<typeof newCtx>>) {
    const at = performance.now();
    if (!settingsRead || at - settingsRead.at > SETTINGS_MS) settingsRead = { at, settings: await readSettings(ctx) };
    return settingsRead.settings;
  }

  async function claimOnce(pool: Pool): Promise<Next> {
    const ctx = await newCtx(deps);
    const settings = await currentSettings(ctx);
    const provider = deps.config.liveDispatch && settings.liveDispatch && providers.live ? providers.live : providers.simulator;
    // Answers and receipts not yet written count against the room: submits never outrun the writer, so the time
    // from submit to a recorded receipt stays short. And no more waits for the pacer than it lets go in a second.
    const room = Math.min(
      options.inFlight - inFlight - writer.backlog(),
      Math.ceil(provider.partsPerSecond * CLAIM_AHEAD_S) - waiting,
    );
    if (room <= 0) return { pauseMs: NO_ROOM_PAUSE_MS };
    const claimed = await claimDue(pool, ctx.now, room, isWindowOpen(settings.window, ctx.now), id);
    if (claimed.length === 0) return 'idle';
    inFlight += claimed.length;
    waiting += claimed.length;
    for (const m of claimed) holding.add(m.id);
    for (const m of claimed) submit(provider, m);
    return 'again';
  }

  function submit(provider: SmsProvider, m: ClaimedMessage): void {
    let written = false;
    const reachedWrite = () => {
      if (!written) waiting -= 1;
      written = true;
    };
    provider
      .submit(
        { organizationId: m.organization_id, messageId: m.id, to: m.to_phone, from: m.sender, body: m.body, encoding: m.encoding, segments: m.segments },
        {
          beforeWrite: () => {
            reachedWrite();
            return writer.markWriting(m);
          },
        },
      )
      // A failure before the first write (the body could not be encoded, say) sent nothing: the message fails, its
      // hold released. After it, the submit may have left.
      .catch((err: unknown): Outcome['outcome'] =>
        written
          ? { kind: 'ambiguous', reason: `submit failed: ${String(err)}`, providerIds: [] }
          : { kind: 'refused', reason: notSentReason(String(err)), commandStatus: -1 },
      )
      .then((outcome) => {
        reachedWrite();
        writer.answered({ message: m, outcome, smsc: provider.smsc });
        inFlight -= 1;
      });
  }

  // Claims go round by round; a failed claim is tried again a second later (decision 0110).
  const claims = startPoller({
    round: claimRound,
    idleMs: options.idleMs,
    errorPauseMs: CLAIM_ERROR_PAUSE_MS,
    onError: (err) => process.stderr.write(`dispatcher claim failed: ${String(err)}\n`),
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
      const claiming = claims.stop();
      const deadline = performance.now() + deps.config.smppSubmitTimeoutMs + 2_000;
      while (inFlight > 0 && performance.now() < deadline) await sleep(10);
      await Promise.all(all.map((p) => p.drain(STOP_RECEIPTS_MS)));
      for (const stopTaking of unlisten) stopTaking();
      writer.finish();
      await Promise.all([claiming, writing]);
      await heart.stop();
      await retire(await poolReady, id).catch(() => {});
    },
  };
}
