// Folded transactions (core/db/sql.ts): BEGIN travels with the first statement and COMMIT with the last, the
// statements run as SQL EXECUTE with their parameters written as quoted literals. Every parameter must reach
// PostgreSQL exactly as given (no quote or backslash may end a literal early), and a failure anywhere leaves
// nothing written and the connection fit for the next transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { foldedTransaction, nativePool, prepared } from '../../core/db/sql.ts';
import { setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;

const ECHO = prepared(
  'folded-test-echo',
  'select ?::text as text, ?::int as n, ?::bigint as big, ?::boolean as yes, ?::timestamptz as sent_at, ?::text as nothing, ?::jsonb as doc',
);
const INSERT = prepared('folded-test-insert', 'insert into folded_probe (note) values (?) returning id');
const FAIL_UNLESS_POSITIVE = prepared('folded-test-fail', 'insert into folded_probe (note) select ? where 1 / ?::int > 0');

beforeAll(async () => {
  env = await setupTestEnv();
  await env.sql('create table if not exists folded_probe (id serial primary key, note text not null)');
});

const notes = async () => (await env.sql<{ note: string }>('select note from folded_probe order by id')).map((r) => r.note);

const HOSTILE = [
  "it's",
  "'; drop table folded_probe; --",
  '\\',
  "\\'",
  "E'\\x41'",
  '$1 $$ $tag$',
  'Habari za asubuhi 🌍 — ñ ü 中文',
  '"quoted" \\n not a newline',
  'line\nbreak\r\ttab',
  '',
];

describe('folded transaction', () => {
  it('hands every parameter to PostgreSQL exactly: quotes, backslashes, dollars, unicode, nulls, numbers, dates and JSON', async () => {
    const pool = await nativePool(env.orm.em);
    const at = new Date('2027-03-04T05:06:07.089Z');
    for (const text of HOSTILE) {
      const doc = { body: text, nested: [text, null, 1] };
      const [row] = await foldedTransaction(pool, (tx) => tx.first<Record<string, unknown>>(ECHO, [text, 42, 9_007_199_254_740_993n, false, at, null, JSON.stringify(doc)]));
      expect(row).toEqual({ text, n: 42, big: '9007199254740993', yes: false, sent_at: at, nothing: null, doc });
    }
    expect(await env.sql('select 1 from folded_probe limit 1')).toEqual([]);
  });

  it('commits what its statements wrote only with the last one', async () => {
    const pool = await nativePool(env.orm.em);
    await env.sql('delete from folded_probe');
    await foldedTransaction(pool, async (tx) => {
      await tx.first(INSERT, ['first']);
      await tx.next(INSERT, ['between']);
      // Not visible outside before the commit that travels with the last statement.
      expect(await notes()).toEqual([]);
      await tx.last(INSERT, ['last']);
    });
    expect(await notes()).toEqual(['first', 'between', 'last']);
  });

  it('commits on its own when the last statement is never run', async () => {
    const pool = await nativePool(env.orm.em);
    await env.sql('delete from folded_probe');
    await foldedTransaction(pool, (tx) => tx.first(INSERT, ['alone']));
    expect(await notes()).toEqual(['alone']);
  });

  it('leaves nothing when the last statement fails, nor when the code between fails, and the connections stay usable', async () => {
    const pool = await nativePool(env.orm.em);
    await env.sql('delete from folded_probe');
    await expect(
      foldedTransaction(pool, async (tx) => {
        await tx.first(INSERT, ['kept only with its commit']);
        await tx.last(FAIL_UNLESS_POSITIVE, ['never', 0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    await expect(
      foldedTransaction(pool, async (tx) => {
        await tx.first(INSERT, ['rolled back']);
        throw new Error('a decision between the statements failed');
      }),
    ).rejects.toThrow('a decision between the statements failed');
    expect(await notes()).toEqual([]);
    // Every connection of the pool runs a transaction again (none was left aborted or inside a block).
    await Promise.all(Array.from({ length: 8 }, (_, i) => foldedTransaction(pool, (tx) => tx.first(INSERT, [`after ${i}`]))));
    expect((await notes()).length).toBe(8);
  });

  it('refuses parameters it cannot write as a literal, before anything is sent', async () => {
    const pool = await nativePool(env.orm.em);
    await expect(foldedTransaction(pool, (tx) => tx.first(ECHO, ['a', 1, 1n, true, new Date(), null, { not: 'a string' }]))).rejects.toThrow(/takes strings, numbers/);
  });
});
