// The one injectable clock. CLOCK=test keeps an offset in the database so the CLI and the server agree.
import type { EntityManager } from '@mikro-orm/postgresql';
import { readClockOffsetMs } from '../db/clock/clock-offset.ts';

export interface Clock {
  now(): Promise<Date>;
}

export const systemClock: Clock = {
  now: async () => new Date(),
};

/** Real time shifted by the offset stored in platform_settings (read on every call: the CLI may move it). */
export function databaseTestClock(em: EntityManager): Clock {
  return {
    async now() {
      return new Date(Date.now() + (await readClockOffsetMs(em.fork())));
    },
  };
}

/** A clock held in memory, for tests that need to move time without a database. */
export function manualClock(start: Date): Clock & { set(at: Date): void; advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: async () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
