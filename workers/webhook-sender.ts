// The webhook sender: fans the outbox out to deliveries, claims due ones and posts them, many at once. Each
// endpoint has at most `perEndpoint` attempts in flight, so a slow or dead endpoint holds only its own share
// of the sender and never delays another's deliveries; answers are written together every `flushMs`.
import type { Deps } from '../core/app/context.ts';
import { claimDue, FAN_OUT_BATCH, fanOut, recordAttempts, type AttemptResult } from '../core/app/webhooks/deliveries.ts';
import { postDelivery } from './webhooks/post.ts';
import { startPoller, type Next } from './poller.ts';

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
  let inFlight = 0;
  let answered: AttemptResult[] = [];
  const warn = (what: string, err: unknown) => process.stderr.write(`${JSON.stringify({ message: `webhook sender: ${what}`, error: (err as Error)?.message ?? String(err) })}\n`);

  // Fan-out is the round's first step: a send's transaction queues nothing for it, and the crontab's
  // webhook_fan_out is only its backstop.
  async function round(): Promise<Next> {
    // A full batch taken means more may wait: the next round comes at once, so events never pile up.
    const outboxFull = (await fanOut(deps)) === FAN_OUT_BATCH;
    const free = concurrency - inFlight;
    const claimed = free > 0 ? await claimDue(deps, free, perEndpoint) : [];
    const at = await deps.clock.now();
    for (const d of claimed) {
      inFlight += 1;
      void postDelivery(d, { rules: { allowLoopback: deps.config.webhooksAllowLoopback }, at, ...(timeoutMs ? { timeoutMs } : {}) }).then((r) => {
        inFlight -= 1;
        answered.push(r);
      });
    }
    return claimed.length > 0 || outboxFull ? 'again' : 'idle';
  }
  // The claiming rounds pause until idleMs pass or answers are written (their endpoints have room again); a
  // failed round pauses as an idle one does.
  const rounds = startPoller({ round, idleMs, errorPauseMs: idleMs, onError: (err) => warn('a round failed', err) });

  const flush = async () => {
    const batch = answered;
    answered = [];
    // An answer that cannot be written leaves its lease to run out: the delivery is attempted again.
    await recordAttempts(deps, batch).catch((err: unknown) => warn('recording answers failed', err));
    rounds.wake();
  };
  const flusher = (async () => {
    while (!rounds.stopping || inFlight > 0 || answered.length) {
      if (answered.length) await flush();
      await new Promise((r) => setTimeout(r, flushMs));
    }
  })();

  return {
    async stop() {
      // No new round; a pause between idle rounds ends now; the attempts in flight are answered and written.
      await rounds.stop();
      await flusher;
    },
  };
}
