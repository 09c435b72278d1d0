// The campaign queries' own rules that the use cases' tests do not reach.
import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { setLocalStatementTimeout } from '../../core/db/campaigns/audience.ts';

/** An EntityManager that keeps the statements it is given (core/db/sql.ts runs them through execute). */
function recordingEm(seen: string[]): EntityManager {
  return { fork() {}, execute: async (sql: string) => (seen.push(sql), []) } as unknown as EntityManager;
}

describe('setLocalStatementTimeout', () => {
  it('writes a whole number of milliseconds into SET LOCAL, which takes no parameters', async () => {
    const seen: string[] = [];
    await setLocalStatementTimeout(recordingEm(seen), 30_000);
    await setLocalStatementTimeout(recordingEm(seen), 0);
    expect(seen).toEqual(['set local statement_timeout = 30000', 'set local statement_timeout = 0']);
  });

  it('refuses anything else before it reaches the database', async () => {
    const seen: string[] = [];
    for (const ms of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(setLocalStatementTimeout(recordingEm(seen), ms)).rejects.toThrow(/whole number of milliseconds/);
    }
    expect(seen).toEqual([]);
  });
});
