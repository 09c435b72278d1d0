// The dispatcher: claims due messages in batches, hands them to the provider, records answers and receipts.
import type { Pool } from 'pg';
import type { Deps } from '../core/app/context.ts';
import type { SmsProvider } from '../core/app/messages/provider.ts';
import type { Outcome } from '../core/app/messages/record-outcomes.ts';
import type { TimedReceipt } from '../core/app/messages/apply-receipts.ts';
import { newCtx } from '../core/app/context.ts';
import { isWindowOpen } from '../core/domain/sending-window.ts';
import { nativePool, nativeTransaction } from '../core/db/sql.ts';
import { readSettings } from '../core/app/platform/settings.ts';
import { claimDue } from '../core/app/messages/claim-due.ts';
import { writeOutcomes } from '../core/app/messages/record-outcomes.ts';
import { takeEarlyReceipts, writeReceipts } from '../core/app/messages/apply-receipts.ts';

export interface DispatcherOptions {
  /** Messages in flight at the provider at most (claimed, not yet answered). */
  inFlight: number;
  /** Pause when nothing is due. */
  idleMs: number;
  /** How often answers and receipts are written (one transaction each). */
  flushMs: number;
}

export interface Providers {
  /** The real operator route (LIVE_DISPATCH with SMPP_URL), if this deployment has one. */
  live: SmsProvider | null;
  simulator: SmsProvider;
}

const SETTINGS_MS = 250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startDispatcher(deps: Deps, providers: Providers, options: DispatcherOptions): { stop(): Promise<void> } {
  let stopped = false;
  let inFlight = 0;
  let outcomes: Outcome[] = [];
  let receipts: ProviderReceiptQueue = [];
  const onReceipt = (r: Omit<TimedReceipt, 'receivedAt'>) => receipts.push(r);
  providers.simulator.onReceipt(onReceipt);
  providers.live?.onReceipt(onReceipt);

  // One writer, one transaction a flush: answers first, then the receipts that waited for them, then new
  // receipts, their moves applied together (hot path: one lock of the messages and wallets, one commit).
  async function flush(pool: Pool): Promise<void> {
    if (outcomes.length === 0 && receipts.length === 0) return;
    const now = await deps.clock.now();
    const answers = outcomes;
    outcomes = [];
    const incoming = receipts;
    receipts = [];
    try {
      await nativeTransaction(pool, async (tx) => {
        const { moves, written } = await writeOutcomes(tx, now, answers);
        const early = await takeEarlyReceipts(tx, written);
        await writeReceipts(tx, now, [...early, ...incoming.map((r) => ({ ...r, receivedAt: now }))], moves);
      });
    } catch (err) {
      // Nothing was written: the answers and receipts wait for the next flush.
      outcomes.unshift(...answers);
      receipts.unshift(...incoming);
      throw err;
    }
  }

  async function claimLoop(pool: Pool): Promise<void> {
    while (!stopped) {
      await claimOnce(pool).catch(async (err: unknown) => {
        process.stderr.write(`dispatcher claim failed: ${String(err)}\n`);
        await sleep(1000);
      });
    }
  }

  // The platform settings (route, window, live-dispatch switch) read at most every SETTINGS_MS: a claim a few
  // milliseconds apart under load need not read them each time, and a change still applies within moments.
  let settingsRead: { at: number; settings: Awaited<ReturnType<typeof readSettings>> } | null = null;
  async function currentSettings(ctx: Awaited<ReturnType<typeof newCtx>>) {
    const at = performance.now();
    if (!settingsRead || at - settingsRead.at > SETTINGS_MS) settingsRead = { at, settings: await readSettings(ctx) };
    return settingsRead.settings;
  }

  async function claimOnce(pool: Pool): Promise<void> {
    // Answers and receipts not yet written count against the room: submits never outrun the writer,
    // so the time from submit to a recorded receipt stays short.
    const room = options.inFlight - inFlight - outcomes.length - receipts.length;
    if (room <= 0) {
      await sleep(5);
      return;
    }
    const ctx = await newCtx(deps);
    const settings = await currentSettings(ctx);
    const provider = deps.config.liveDispatch && settings.liveDispatch && providers.live ? providers.live : providers.simulator;
    const claimed = await claimDue(pool, ctx.now, room, isWindowOpen(settings.window, ctx.now));
    if (claimed.length === 0) {
      await sleep(options.idleMs);
      return;
    }
    inFlight += claimed.length;
    for (const m of claimed) {
      provider
        .submit({ messageId: m.id, to: m.to_phone, from: m.sender, body: m.body, encoding: m.encoding, segments: m.segments })
        .catch((err: unknown) => ({ kind: 'ambiguous' as const, reason: `submit failed: ${String(err)}` }))
        .then((outcome) => {
          outcomes.push({ message: m, outcome, smsc: provider.smsc });
          inFlight -= 1;
        });
    }
  }

  async function flushLoop(pool: Pool): Promise<void> {
    while (!stopped || outcomes.length || inFlight) {
      await flush(pool).catch((err: unknown) => process.stderr.write(`dispatcher flush failed: ${String(err)}\n`));
      await sleep(options.flushMs);
    }
  }

  const running = nativePool(deps.orm.em).then((pool) =>
    Promise.all([claimLoop(pool), flushLoop(pool)]),
  );
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}

type ProviderReceiptQueue = Omit<TimedReceipt, 'receivedAt'>[];
