// The long-running claim loop the dispatcher and the webhook sender share: rounds one after another, a pause when
// a round found nothing (cut short by wake() or by the stop), a pause after a round that failed, and a stop that
// starts no new round, ends a pause at once and waits for the round in progress.

/** What a round asks for next: another round at once, the idle pause, or a pause of its own length. */
export type Next = 'again' | 'idle' | { pauseMs: number };

export interface PollerOptions {
  round(): Promise<Next>;
  /** The pause after a round that found nothing. */
  idleMs: number;
  /** The pause after a round that failed (the failure is reported first). */
  errorPauseMs: number;
  onError(err: unknown): void;
}

export interface Poller {
  /** Ends the pause in progress, if any: the next round starts now. */
  wake(): void;
  /** True once stop() was called. */
  readonly stopping: boolean;
  /** No new round starts and a pause ends at once; resolves when the round in progress is over. */
  stop(): Promise<void>;
}

export function startPoller(options: PollerOptions): Poller {
  let stopping = false;
  let endPause: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        endPause = null;
        resolve();
      };
      const timer = setTimeout(end, ms);
      endPause = end;
    });

  const running = (async () => {
    while (!stopping) {
      let next: Next;
      try {
        next = await options.round();
      } catch (err) {
        options.onError(err);
        next = { pauseMs: options.errorPauseMs };
      }
      // A stop asked for during the round ends the loop now, not after a pause it could no longer cut short.
      if (stopping) break;
      if (next !== 'again') await pause(next === 'idle' ? options.idleMs : next.pauseMs);
    }
  })();

  return {
    wake() {
      endPause?.();
    },
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      endPause?.();
      await running;
    },
  };
}
