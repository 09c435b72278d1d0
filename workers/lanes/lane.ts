// One lane: one bind's claim loop, with its own providers (the simulator's and, with live dispatch, the bind's
// SMSC), its own in-flight count and its own room, so that a slow bind never holds the others back. It claims only
// the messages of the operators it carries now (lane-routing.ts), and names its bind on each claim.
import type { Pool } from 'pg';
import type { Deps } from '../../core/app/context.ts';
import type { SmsProvider } from '../../core/app/messages/provider.ts';
import type { Outcome } from '../../core/app/messages/record-outcomes.ts';
import type { ClaimedMessage } from '../../core/db/messages/claim.ts';
import type { PlatformSettings } from '../../core/app/platform/settings.ts';
import type { Operator } from '../../core/domain/operators.ts';
import type { Next } from '../poller.ts';
import { isWindowOpen } from '../../core/domain/sending-window.ts';
import { notSentReason } from '../../core/domain/failure-reasons.ts';
import { claimDue } from '../../core/app/messages/claim-due.ts';
import { createSendRate } from './send-rate.ts';

export interface BindProviders {
  bind: string;
  simulator: SmsProvider;
  /** The bind's own SMSC, with LIVE_DISPATCH (null without). */
  live: SmsProvider | null;
  /** The bind's submit timeout, when it is not SMPP_SUBMIT_TIMEOUT_MS: a stop waits this long for answers. */
  submitTimeoutMs?: number;
}

/** What the lanes of one dispatcher share: its id, its writer, its settings and its routing. */
export interface LaneShared {
  dispatcherId: string;
  inFlightMax: number;
  settings(): Promise<PlatformSettings>;
  /** The operators this bind carries now (null: every one; empty: none). */
  operatorsOf(bind: string): Operator[] | null;
  /** The writer's answers and receipts not yet written: they count against every lane's room. */
  backlog(): number;
  markWriting(m: ClaimedMessage): Promise<boolean>;
  answered(outcome: Outcome): void;
  claimed(m: ClaimedMessage): void;
}

/** Claims go no further ahead of the pacer than this: what a crash may strand is about a second's sending. */
const CLAIM_AHEAD_S = 1;
/** The pause when the room is used up (answers or the pacer are behind). */
const NO_ROOM_PAUSE_MS = 5;

export type Lane = ReturnType<typeof createLane>;

export function createLane(deps: Deps, providers: BindProviders, shared: LaneShared) {
  let inFlight = 0;
  /** Claimed, handed to the provider, not yet at its first write (waiting for the window or the pacer). */
  let waiting = 0;
  /** The provider of the switch as last seen: its link is the lane's for the routing and `ops binds`. */
  let current: SmsProvider = providers.simulator;
  let closing = false;
  const rate = createSendRate();

  /** The provider of the platform's switch now: the bind's SMSC when live dispatch is on, else its simulator. */
  const providerFor = (settings: PlatformSettings) => (deps.config.liveDispatch && settings.liveDispatch && providers.live ? providers.live : providers.simulator);

  async function claimRound(pool: Pool, now: Date): Promise<Next> {
    const settings = await shared.settings();
    const provider = providerFor(settings);
    current = provider;
    const operators = shared.operatorsOf(providers.bind);
    if (operators !== null && operators.length === 0) return 'idle';
    // Answers and receipts not yet written count against the room: submits never outrun the writer, so the time
    // from submit to a recorded receipt stays short. And no more waits for the pacer than it lets go in a second.
    const room = Math.min(shared.inFlightMax - inFlight - shared.backlog(), Math.ceil(provider.partsPerSecond * CLAIM_AHEAD_S) - waiting);
    if (room <= 0) return { pauseMs: NO_ROOM_PAUSE_MS };
    const windowOpen = isWindowOpen(settings.window, now);
    const claimed = await claimDue(pool, now, room, windowOpen, shared.dispatcherId, { bind: providers.bind, operators });
    if (claimed.length === 0) return 'idle';
    inFlight += claimed.length;
    waiting += claimed.length;
    for (const m of claimed) shared.claimed(m);
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
            // A lane that stops writes nothing more: the claim goes back to the queue, for the lane now carrying it.
            return closing ? Promise.resolve(false) : shared.markWriting(m);
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
        if (outcome.kind === 'accepted') rate.add(1);
        shared.answered({ message: m, outcome, smsc: provider.smsc });
        inFlight -= 1;
      });
  }

  return {
    bind: providers.bind,
    providers: [providers.simulator, ...(providers.live ? [providers.live] : [])],
    claimRound,
    inFlight: () => inFlight,
    /** From now on no claim of this lane is written (its bind was removed or changed, or the worker stops). */
    close(): void {
      closing = true;
    },
    submitTimeoutMs: providers.submitTimeoutMs ?? deps.config.smppSubmitTimeoutMs,
    /** Its link as the routing reads it: the provider of the switch as last seen. */
    bound: () => current.state().bound,
    /** Its state for `ops binds`. */
    report() {
      return { live: current === providers.live, perSecond: rate.perSecond(), ...current.state() };
    },
  };
}
