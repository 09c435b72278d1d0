// The loops that are not jobs live as long as graphile-worker's worker pool (workers/pool-loops.ts): started by its
// pool:create event, stopped in their order when the pool shuts down, whoever asked.
import { EventEmitter } from 'node:events';
import type { WorkerEvents } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { loopsOfThePool, type Loop } from '../../workers/pool-loops.ts';

function recorder() {
  const log: string[] = [];
  const loop = (name: string): Loop => {
    log.push(`start ${name}`);
    return {
      async stop() {
        log.push(`stopping ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`stopped ${name}`);
      },
    };
  };
  return { log, start: () => [loop('keeper'), loop('sender'), loop('dispatcher')] };
}

// The events' payloads are graphile-worker's; the loops read none of them.
const emit = (events: WorkerEvents, name: 'pool:create' | 'pool:gracefulShutdown' | 'pool:forcefulShutdown') => events.emit(name, {} as never);

describe('loops of the pool', () => {
  it('start when the pool is created and stop one after another, in order, when it shuts down', async () => {
    const events = new EventEmitter() as WorkerEvents;
    const { log, start } = recorder();
    const loops = loopsOfThePool(events, start);
    expect(loops.started).toBe(false);
    emit(events, 'pool:create');
    expect(loops.started).toBe(true);
    expect(log).toEqual(['start keeper', 'start sender', 'start dispatcher']);
    emit(events, 'pool:gracefulShutdown');
    await loops.stop();
    expect(log.slice(3)).toEqual(['stopping keeper', 'stopped keeper', 'stopping sender', 'stopped sender', 'stopping dispatcher', 'stopped dispatcher']);
  });

  it('a forceful shutdown stops them too, once, and a second pool creation starts nothing', async () => {
    const events = new EventEmitter() as WorkerEvents;
    const { log, start } = recorder();
    const loops = loopsOfThePool(events, start);
    emit(events, 'pool:create');
    emit(events, 'pool:forcefulShutdown');
    emit(events, 'pool:gracefulShutdown');
    await loops.stop();
    emit(events, 'pool:create');
    expect(log.filter((l) => l.startsWith('stopped'))).toHaveLength(3);
    expect(log.filter((l) => l.startsWith('start '))).toHaveLength(3);
  });

  it('stopped before the pool was created: nothing starts, and the stop resolves at once', async () => {
    const events = new EventEmitter() as WorkerEvents;
    const { log, start } = recorder();
    const loops = loopsOfThePool(events, start);
    await loops.stop();
    emit(events, 'pool:create');
    expect(loops.started).toBe(false);
    expect(log).toEqual([]);
  });
});
