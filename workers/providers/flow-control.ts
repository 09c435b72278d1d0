// In-process flow control for the SMPP client: the window of outstanding PDUs, the TPS cap, throttling pauses.
import { setTimeout as sleep } from 'node:timers/promises';

export interface Semaphore {
  /** Resolves with the function that gives the slot back (calling it twice is harmless). */
  acquire(): Promise<() => void>;
  inUse(): number;
}

export function createSemaphore(size: number): Semaphore {
  if (!Number.isInteger(size) || size < 1) throw new Error(`SMPP window must be a positive integer, got ${size}`);
  let used = 0;
  const waiting: Array<() => void> = [];
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      if (next) next();
      else used -= 1;
    };
  };
  return {
    acquire() {
      if (used < size) {
        used += 1;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve) => waiting.push(() => resolve(releaser())));
    },
    inUse: () => used,
  };
}

/**
 * A token bucket one token deep: sends are spaced 1/tps apart rather than allowed in bursts,
 * because SMSCs count over windows shorter than a second and answer a burst with ESME_RTHROTTLED.
 * Each caller reserves its slot when it asks, so concurrent callers queue in order.
 */
export function createPacer(tps: number, now: () => number = () => performance.now()): { take(): Promise<void> } {
  if (!(tps > 0)) throw new Error(`SMPP TPS must be positive, got ${tps}`);
  const interval = 1000 / tps;
  let next = 0;
  return {
    async take() {
      const t = now();
      const at = Math.max(t, next);
      next = at + interval;
      if (at > t) await sleep(at - t);
    },
  };
}

export interface ThrottleGate {
  /** Waits while a pause ordered by the SMSC is running. */
  wait(): Promise<void>;
  /** The SMSC said ESME_RTHROTTLED or ESME_RMSGQFUL: pause everyone, longer each time in a row. */
  throttled(): void;
  /** A submit went through: the next throttling starts again from the shortest pause. */
  recovered(): void;
}

export function createThrottleGate(initialMs: number, maxMs: number, now: () => number = () => performance.now()): ThrottleGate {
  let pauseMs = initialMs;
  let pausedUntil = 0;
  return {
    async wait() {
      for (let left = pausedUntil - now(); left > 0; left = pausedUntil - now()) await sleep(left);
    },
    throttled() {
      // Several PDUs of one burst come back throttled together: that is one signal, not several.
      if (now() < pausedUntil) return;
      pausedUntil = now() + pauseMs;
      pauseMs = Math.min(pauseMs * 2, maxMs);
    },
    recovered() {
      pauseMs = initialMs;
    },
  };
}

/** Exponential backoff with equal jitter, so clients that lost the SMSC together do not return together. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(initialMs * 2 ** attempt, maxMs);
  return base / 2 + (random() * base) / 2;
}
