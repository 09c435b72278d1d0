// The poller the dispatcher and the webhook sender share (workers/poller.ts): rounds one after another, the idle
// pause cut short by wake() and by the stop, a pause after a failure, and a stop that waits for the round in
// progress and starts no other.
import { describe, expect, it } from 'vitest';
import { startPoller, type Next } from '../../workers/poller.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the poller', () => {
  it('a stop during an idle pause ends the pause at once', async () => {
    let rounds = 0;
    const poller = startPoller({ round: async () => (rounds++, 'idle'), idleMs: 60_000, errorPauseMs: 60_000, onError: () => {} });
    await tick(10);
    expect(rounds).toBe(1);
    const started = performance.now();
    await poller.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(rounds).toBe(1);
  });

  it('a stop waits for the round in progress, and no round starts after it', async () => {
    const inRound = deferred();
    const release = deferred();
    let rounds = 0;
    const poller = startPoller({
      round: async () => {
        rounds += 1;
        inRound.resolve();
        await release.promise;
        return 'again';
      },
      idleMs: 10,
      errorPauseMs: 10,
      onError: () => {},
    });
    await inRound.promise;
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    expect(poller.stopping).toBe(true);
    await tick(50);
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(stopped).toBe(true);
    // The round asked for another at once; the stop came first.
    expect(rounds).toBe(1);
  });

  it('rounds that find work follow at once; wake() ends an idle pause; a pause of its own is kept', async () => {
    const plan: Next[] = ['again', 'again', { pauseMs: 30 }, 'idle', 'idle'];
    const at: number[] = [];
    const poller = startPoller({ round: async () => (at.push(performance.now()), plan.shift() ?? 'idle'), idleMs: 60_000, errorPauseMs: 60_000, onError: () => {} });
    await tick(100);
    // Three rounds at once, a fourth after its 30 ms pause; then the idle pause holds the fifth.
    expect(at).toHaveLength(4);
    expect(at[3]! - at[2]!).toBeGreaterThanOrEqual(25);
    poller.wake();
    await tick(10);
    expect(at).toHaveLength(5);
    await poller.stop();
  });

  it('a failed round is reported, then the error pause, then the next round', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const poller = startPoller({
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
        return 'idle';
      },
      idleMs: 60_000,
      errorPauseMs: 40,
      onError: (err) => errors.push(err),
    });
    await tick(10);
    expect(errors.map(String)).toEqual(['Error: database away']);
    expect(rounds).toBe(1);
    await tick(80);
    expect(rounds).toBe(2);
    await poller.stop();
  });
});
