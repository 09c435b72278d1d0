// The webhook sender: fans the outbox out to deliveries, claims due ones and posts them, many at once. Each
// endpoint has at most `perEndpoint` attempts in flight, so a slow or dead endpoint holds only its own share
// of the sender and never delays another's deliveries; answers are written together every `flushMs`.
import type { Deps } from '../core/app/context.ts';
import { claimDue, FAN_OUT_BATCH, fanOut, recordAttempts, type AttemptResult } from '../core/app/webhooks/deliveries.ts';
import { postDelivery } from './webhooks/post.ts';

export interface SenderOptions {
  /** Attempts in flight at once in this process. */
  concurrency: number;
  perEndpoint: number;
  idleMs: number;
  flushMs: number;
  timeoutMs?: number;
}

export const SENDER_DEFAULTS: SenderOptions = { concurrency: 1024, perEndpoint: 64, idleMs: 200, flushMs: 20 };

/** One round, for tests and the tick: fan out, claim, post every claimed delivery, record the answers. */
export async function sendDueWebhooks(deps: Deps, options: Partial<SenderOptions> = {}): Promise<AttemptResult[]> {
  const { concurrency, perEndpoint, timeoutMs } = { ...SENDER_DEFAULTS, ...options };
  await fanOut(deps);
  const claimed = await claimDue(deps, concurrency, perEndpoint);
  const at = await deps.clock.now();
  const results = await Promise.all(claimed.map((d) => postDelivery(d, { rules: { allowLoopback: deps.config.webhooksAllowLoopback }, at, ...(timeoutMs ? { timeoutMs } : {}) })));
  await recordAttempts(deps, results);
  return results;
}

export function startWebhookSender(deps: Deps, options: Partial<SenderOptions> = {}): { stop(): Promise<void> } {
  const { concurrency, perEndpoint, idleMs, flushMs, timeoutMs } = { ...SENDER_DEFAULTS, ...options };
  let stopping = false;
  let inFlight = 0;
  let answered: AttemptResult[] = [];
  // The claiming loop sleeps until idleMs pass or answers are written (their endpoints have room again).
  let wake: () => void = () => {};
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const warn = (what: string, err: unknown) => process.stderr.write(`${JSON.stringify({ message: `webhook sender: ${what}`, error: (err as Error)?.message ?? String(err) })}\n`);

  const flush = async () => {
    const batch = answered;
    answered = [];
    // An answer that cannot be written leaves its lease to run out: the delivery is attempted again.
    await recordAttempts(deps, batch).catch((err: unknown) => warn('recording answers failed', err));
    wake();
  };
  const flusher = (async () => {
    while (!stopping || inFlight > 0 || answered.length) {
      if (answered.length) await flush();
      await new Promise((r) => setTimeout(r, flushMs));
    }
  })();

  const loop = (async () => {
    while (!stopping) {
      let claimedAny = false;
      let outboxFull = false;
      try {
        // A full batch taken means more may wait: the next round comes at once, so events never pile up.
        outboxFull = (await fanOut(deps)) === FAN_OUT_BATCH;
        const free = concurrency - inFlight;
        const claimed = free > 0 ? await claimDue(deps, free, perEndpoint) : [];
        claimedAny = claimed.length > 0;
        const at = await deps.clock.now();
        for (const d of claimed) {
          inFlight += 1;
          void postDelivery(d, { rules: { allowLoopback: deps.config.webhooksAllowLoopback }, at, ...(timeoutMs ? { timeoutMs } : {}) }).then((r) => {
            inFlight -= 1;
            answered.push(r);
          });
        }
      } catch (err) {
        warn('a round failed', err);
      }
      // A stop asked for during the round ends the loop now, not after an idle pause it could no longer cut short.
      if (!claimedAny && !outboxFull && !stopping) await sleep(idleMs);
    }
  })();

  return {
    async stop() {
      stopping = true;
      // A loop asleep between idle rounds stops now, not when its pause ends.
      wake();
      await loop;
      await flusher;
    },
  };
}
