// The one lock order (core/db/lock-order.ts) and the retry of contention (core/db/contention.ts): a message
// writer locks wallets in organization order whatever order its moves came in, a transaction that meets a
// deadlock or a serialization failure anyway runs again whole, and contention that outlasts every retry is
// 503 busy, never a 500.
import type { PoolClient } from 'pg';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMoves } from '../../core/app/messages/message-moves.ts';
import { MAX_ATTEMPTS, retryingContention } from '../../core/db/contention.ts';
import { nativePool, nativeTransaction } from '../../core/db/sql.ts';
import { errorMiddleware } from '../../rest-facade/errors.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let first: OrgFixture;
let second: OrgFixture;

const sender = { name: 'UJUMBE', classes: ['transactional' as const], routeApproved: true };

beforeAll(async () => {
  env = await setupTestEnv();
  const [a, b] = [await createOrg(env, { credit: 1_000_000n, senders: [sender] }), await createOrg(env, { credit: 1_000_000n, senders: [sender] })];
  [first, second] = a.id < b.id ? [a, b] : [b, a];
});

async function acceptedMessage(org: OrgFixture, to: string): Promise<string> {
  const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `lock-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: to });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.id as string;
}

async function waitersOnLocks(): Promise<number> {
  const [w] = await env.sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
  return w!.n;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; !(await condition()); i++) {
    if (i > 400) throw new Error('the condition was not met within 10 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A transaction on its own client, without the retry: what it meets, it reports. */
async function openTransaction(): Promise<PoolClient> {
  const client = await (await nativePool(env.orm.em)).connect();
  await client.query('begin');
  return client;
}

describe('lock order', () => {
  it('moves given second organization first still lock wallets in organization order: a writer holding the first wallet and then taking the second never deadlocks with them', async () => {
    const ids = { first: await acceptedMessage(first, '+255754300001'), second: await acceptedMessage(second, '+255754300002') };
    // A send batch's shape: the first wallet locked, the second wanted next.
    const batch = await openTransaction();
    const writer = await openTransaction();
    try {
      await batch.query('select 1 from wallets where organization_id = $1 for update', [first.id]);
      const moving = applyMoves(writer, new Date(), [
        { organizationId: second.id, messageId: ids.second, event: 'submit_accepted' },
        { organizationId: first.id, messageId: ids.first, event: 'submit_accepted' },
      ]).then(async (r) => {
        await writer.query('commit');
        return r;
      });
      await until(async () => (await waitersOnLocks()) >= 1);
      // In organization order the writer waits on the first wallet holding neither: the second is free.
      await batch.query("set local lock_timeout = '3s'");
      await batch.query('select 1 from wallets where organization_id = $1 for update', [second.id]);
      await batch.query('commit');
      expect((await moving).map((r) => r.status)).toEqual(['submitted', 'submitted']);
    } finally {
      await batch.query('rollback').catch(() => {});
      await writer.query('rollback').catch(() => {});
      batch.release();
      writer.release();
    }
    const captures = await env.sql<{ n: number }>("select count(*)::int as n from ledger_entries where kind = 'capture' and message_id = any(?::uuid[])", [`{${ids.first},${ids.second}}`]);
    expect(captures).toEqual([{ n: 2 }]);
  });
});

describe('contention', () => {
  it('a transaction that meets a serialization failure runs again whole and commits', async () => {
    // (A serialization failure needs no timer to be detected, unlike a deadlock: the test holds whatever the clock does.)
    await env.sql('create table if not exists contention_probe (id int primary key, touched int not null default 0)');
    await env.sql('insert into contention_probe (id) values (1) on conflict do nothing');
    const pool = await nativePool(env.orm.em);
    let attempts = 0;
    await nativeTransaction(pool, async (tx) => {
      attempts += 1;
      await tx.query('set transaction isolation level repeatable read');
      await tx.query('select touched from contention_probe where id = 1');
      // The first time round, another transaction changes the row after this one's snapshot: 40001 on update.
      if (attempts === 1) await env.sql('update contention_probe set touched = touched + 1 where id = 1');
      await tx.query('update contention_probe set touched = touched + 10 where id = 1');
    });
    expect(attempts).toBe(2);
    expect(await env.sql('select touched from contention_probe where id = 1')).toEqual([{ touched: 11 }]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts; what is not contention is never retried`, async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(retryingContention(async () => { runs += 1; throw deadlock; })).rejects.toBe(deadlock);
    expect(runs).toBe(MAX_ATTEMPTS);
    runs = 0;
    await expect(retryingContention(async () => { runs += 1; throw Object.assign(new Error('unique'), { code: '23505' }); })).rejects.toThrow('unique');
    expect(runs).toBe(1);
  });

  it('contention that outlasts every retry reaches a caller as 503 busy with Retry-After, never a 500', async () => {
    const app = express();
    app.get('/x', (_req, _res, next) => next(Object.assign(new Error('could not serialize access'), { code: '40001' })));
    app.use(errorMiddleware({ error: () => {} }));
    const res = await request(app).get('/x');
    expect([res.status, res.body.error.code, res.headers['retry-after']]).toEqual([503, 'busy', '1']);
  });
});
