// The request coalescer of the hot paths (key reads, send contexts, send batches): a quiet service sends an item
// alone and at once; items that arrive while batches are out go together, at most maxBatch a batch and inFlight
// batches at a time; a failed batch rejects its own items only; nothing is remembered between items.
import { beforeAll, describe, expect, it } from 'vitest';
import { coalesced, type CoalesceOptions } from '../../core/db/coalesce.ts';
import { setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

/** A coalescer over the real pool whose batches each wait for a gate the test opens, recording what they held. */
function gated(options?: CoalesceOptions) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  let out = 0;
  let mostOut = 0;
  const submit = coalesced<number, number>(async (pool, items) => {
    batches.push(items);
    out += 1;
    mostOut = Math.max(mostOut, out);
    await new Promise<void>((open) => gates.push(open));
    out -= 1;
    if (items.includes(-1)) throw new Error('the batch failed');
    const { rows } = await pool.query<{ n: number }>('select unnest($1::int[]) * 10 as n', [items]);
    return rows.map((r) => r.n);
  }, options);
  /** Opens the oldest gate once a batch waits at it. */
  const openNext = async () => {
    await expect.poll(() => gates.length).toBeGreaterThan(0);
    gates.shift()!();
  };
  /** Waits until n batches have reached the database side. */
  const started = (n: number) => expect.poll(() => batches.length).toBe(n);
  return { submit: (n: number) => submit(env.deps, n), batches, openNext, started, mostOut: () => mostOut };
}

describe('coalesced', () => {
  it('sends an item of a quiet service alone, and gathers those that arrive while it is out into one batch', async () => {
    const { submit, batches, openNext, started } = gated();
    const first = submit(1);
    await started(1);
    const rest = [2, 3, 4].map(submit);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([[1]]);
    await openNext();
    await openNext();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('cuts the waiting items into batches of maxBatch, one batch out at a time', async () => {
    const { submit, batches, openNext, started, mostOut } = gated({ maxBatch: 2, inFlight: 1 });
    const first = submit(1);
    await started(1);
    const rest = [2, 3, 4, 5, 6].map(submit);
    for (let i = 0; i < 4; i += 1) await openNext();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(mostOut()).toBe(1);
  });

  it('lets inFlight batches out at once', async () => {
    const { submit, batches, openNext, started, mostOut } = gated({ maxBatch: 128, inFlight: 2 });
    const first = submit(1);
    await started(1);
    const second = submit(2);
    await started(2);
    const rest = [3, 4].map(submit);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([[1], [2]]);
    for (let i = 0; i < 3; i += 1) await openNext();
    expect(await Promise.all([first, second, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2], [3, 4]]);
    expect(mostOut()).toBe(2);
  });

  it('rejects every item of a failed batch and goes on with the next; an item asked for again is read again', async () => {
    const { submit, batches, openNext, started } = gated();
    const first = submit(1);
    await started(1);
    const failing = [5, -1].map((n) => submit(n).then(() => 'answered', (err: Error) => err.message));
    await openNext();
    await started(2);
    const again = submit(1);
    await openNext();
    expect(await Promise.all(failing)).toEqual(['the batch failed', 'the batch failed']);
    await openNext();
    expect([await first, await again]).toEqual([10, 10]);
    expect(batches).toEqual([[1], [5, -1], [1]]);
  });
});
