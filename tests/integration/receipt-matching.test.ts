// Receipts land on the right message: provider ids belong to the SMSC account that gave them, a converted
// (hex or decimal) form never settles another message, the handset a receipt names must be the message's,
// and receipts that came early wait, whatever fails, until their answer is recorded.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { claimDue } from '../../core/app/messages/claim-due.ts';
import type { ClaimedMessage } from '../../core/db/messages/claim.ts';
import { recordOutcomes } from '../../core/app/messages/record-outcomes.ts';
import { applyReceipts, applyWaitingReceipts, takeEarlyReceipts, writeUnmatchedReceipts, type TimedReceipt } from '../../core/app/messages/apply-receipts.ts';
import { writeFlush } from '../../core/app/messages/record-flush.ts';
import { nativePool, nativeTransaction } from '../../core/db/sql.ts';
import { bearer, createOrg, setupTestEnv, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let a: OrgFixture;
let b: OrgFixture;
let serial = 0;
const now = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  env = await setupTestEnv();
  const senders = [{ name: 'UJUMBE', classes: ['transactional' as const], routeApproved: true }];
  [a, b] = [await createOrg(env, { credit: 1_000_000n, senders }), await createOrg(env, { credit: 1_000_000n, senders })];
});

/** A live message of `org`, claimed by a dispatcher. */
async function claimed(org: OrgFixture): Promise<{ id: string; to: string; claim: ClaimedMessage }> {
  const to = `+25575410${String(++serial).padStart(4, '0')}`;
  const sent = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `rm-${serial}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `rm-${serial}` });
  expect(sent.status).toBe(202);
  const claim = (await claimDue(await nativePool(env.orm.em), now, 1000, true)).find((m) => m.id === sent.body.data.id)!;
  return { id: sent.body.data.id as string, to, claim };
}

/** A live message of `org`, claimed and answered by `smsc` with the provider id `providerId`. */
async function submitted(org: OrgFixture, smsc: string, providerId: string) {
  const m = await claimed(org);
  await recordOutcomes(await nativePool(env.orm.em), now, [{ message: m.claim, smsc, outcome: { kind: 'accepted', providerIds: [providerId] } }]);
  return { id: m.id, to: m.to };
}

const receipt = (smsc: string, providerId: string, address: string | null, effect: TimedReceipt['effect'] = 'delivered'): TimedReceipt => ({
  smsc, providerId, address, effect, rawStatus: effect === 'delivered' ? 'DELIVRD' : 'UNDELIV', errorCode: null, receivedAt: now,
});

const statusOf = async (id: string) => (await env.sql<{ status: string }>('select status from messages where id = ?', [id]))[0]!.status;

describe('matching', () => {
  it('one id from two SMSC accounts names two messages: each receipt settles the message of its own SMSC, even across organizations', async () => {
    const first = await submitted(a, 'alpha@10.0.0.1:2775', 'abc123');
    const second = await submitted(b, 'beta@10.0.0.2:2775', 'abc123');
    await applyReceipts(await nativePool(env.orm.em), [receipt('beta@10.0.0.2:2775', 'abc123', null, 'undelivered')]);
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['submitted', 'undelivered']);
    await applyReceipts(await nativePool(env.orm.em), [receipt('alpha@10.0.0.1:2775', 'ABC123', null)]);
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['delivered', 'undelivered']);
  });

  it('a converted form that is another message\'s id: the handset named decides, and without one the id as given wins', async () => {
    // Hex 10 is decimal 16: the first message's id in decimal is the second message's id as given.
    const hex = await submitted(a, 'gamma@h:1', '10');
    const decimal = await submitted(a, 'gamma@h:1', '16');
    await applyReceipts(await nativePool(env.orm.em), [receipt('gamma@h:1', '16', hex.to.slice(1))]);
    expect([await statusOf(hex.id), await statusOf(decimal.id)]).toEqual(['delivered', 'submitted']);
    await applyReceipts(await nativePool(env.orm.em), [receipt('gamma@h:1', '16', null)]);
    expect(await statusOf(decimal.id)).toBe('delivered');
  });

  it('a receipt naming another handset than the message\'s settles nothing and waits', async () => {
    const m = await submitted(a, 'delta@h:1', 'ff01');
    await applyReceipts(await nativePool(env.orm.em), [receipt('delta@h:1', 'ff01', '255700000000')]);
    expect(await statusOf(m.id)).toBe('submitted');
    expect(await env.sql("select count(*)::int as n from early_receipts where smsc = 'delta@h:1'")).toEqual([{ n: 1 }]);
  });
});

describe('early receipts', () => {
  it('wait under their SMSC, are taken with the answer of their own SMSC only, and survive a failure to apply them', async () => {
    const pool = await nativePool(env.orm.em);
    await applyReceipts(pool, [receipt('eps@h:1', 'e1', null), receipt('zeta@h:1', 'e1', null)]);
    expect(await env.sql("select smsc from early_receipts where provider_id = 'e1' order by smsc")).toEqual([{ smsc: 'eps@h:1' }, { smsc: 'zeta@h:1' }]);
    // Taken in a transaction that then fails: they are still there.
    await expect(nativeTransaction(pool, async (tx) => {
      expect(await takeEarlyReceipts(tx, [{ smsc: 'eps@h:1', provider_id: 'e1' }])).toHaveLength(1);
      throw new Error('the apply failed');
    })).rejects.toThrow('the apply failed');
    expect(await env.sql("select count(*)::int as n from early_receipts where provider_id = 'e1'")).toEqual([{ n: 2 }]);
    // The answer under eps takes and applies eps's receipt only (the dispatcher's flush does this in its transaction).
    const m = await submitted(a, 'eps@h:1', 'e1');
    const taken = await nativeTransaction(pool, (tx) => takeEarlyReceipts(tx, [{ smsc: 'eps@h:1', provider_id: 'e1' }]));
    await applyReceipts(pool, taken);
    expect(await statusOf(m.id)).toBe('delivered');
    expect(await env.sql("select smsc from early_receipts where provider_id = 'e1'")).toEqual([{ smsc: 'zeta@h:1' }]);
  });

  it('the tick applies a receipt whose answer another process recorded after the receipt was stored', async () => {
    const pool = await nativePool(env.orm.em);
    await applyReceipts(pool, [receipt('eta@h:1', 'late1', null)]);
    const m = await submitted(a, 'eta@h:1', 'late1');
    expect(await statusOf(m.id)).toBe('submitted');
    expect(await applyWaitingReceipts(pool, now)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(m.id)).toBe('delivered');
    expect(await env.sql("select count(*)::int as n from early_receipts where smsc = 'eta@h:1'")).toEqual([{ n: 0 }]);
  });
});

describe('a receipt on one worker and its submit answer on another', () => {
  const answer = (m: { claim: ClaimedMessage }, smsc: string, providerId: string) => ({
    answers: [{ message: m.claim, smsc, outcome: { kind: 'accepted' as const, providerIds: [providerId] } }],
    lateIds: [],
    receipts: [],
  });

  it('the receipt comes while the answer is being written: it waits for the answer to commit, then settles the message at once', async () => {
    const pool = await nativePool(env.orm.em);
    const m = await claimed(a);
    const worker1 = await pool.connect();
    try {
      await worker1.query('begin');
      expect(await writeFlush(worker1, now, answer(m, 'w@h:1', 'a100'))).toEqual([]);
      // Worker 2's flush found no part (worker 1 has not committed) and stores the receipt as early.
      const worker2 = writeUnmatchedReceipts(pool, now, [receipt('w@h:1', 'a100', null)]);
      await waitForLockWaiters(env, 1);
      await worker1.query('commit');
      expect(await worker2).toBe(0);
    } finally {
      worker1.release();
    }
    expect(await statusOf(m.id)).toBe('delivered');
    expect(await env.sql("select count(*)::int as n from early_receipts where smsc = 'w@h:1'")).toEqual([{ n: 0 }]);
  });

  it('the answer comes while the early receipt is being stored: the answer waits for it and takes it in its own transaction', async () => {
    const pool = await nativePool(env.orm.em);
    const m = await claimed(a);
    const worker2 = await pool.connect();
    let worker1: Promise<unknown> | null = null;
    try {
      await worker2.query('begin');
      // What writeUnmatchedReceipts does, held open before its commit: the placeholder, the lookup, the early row.
      const { placeWaiting } = await import('../../core/db/messages/provider-ids.ts');
      const { writeReceipts, storeEarly } = await import('../../core/app/messages/apply-receipts.ts');
      await placeWaiting(worker2, [{ smsc: 'w@h:2', provider_id: 'b200' }], now);
      const early = await writeReceipts(worker2, now, [receipt('w@h:2', 'b200', null)]);
      expect(early).toHaveLength(1);
      await storeEarly(worker2, early);
      worker1 = nativeTransaction(pool, (tx) => writeFlush(tx, now, answer(m, 'w@h:2', 'b200')));
      await waitForLockWaiters(env, 1);
      await worker2.query('commit');
      await worker1;
    } finally {
      worker2.release();
    }
    expect(await statusOf(m.id)).toBe('delivered');
    expect(await env.sql("select count(*)::int as n from early_receipts where smsc = 'w@h:2'")).toEqual([{ n: 0 }]);
    expect(await env.sql("select count(*)::int as n from message_provider_ids where smsc = 'w@h:2' and message_id is null")).toEqual([{ n: 0 }]);
  });

  it('a receipt stored early under a placeholder an earlier receipt left: the answer still waits for it and takes it', async () => {
    const pool = await nativePool(env.orm.em);
    const m = await claimed(a);
    const { placeWaiting } = await import('../../core/db/messages/provider-ids.ts');
    const { writeReceipts, storeEarly } = await import('../../core/app/messages/apply-receipts.ts');
    // An earlier receipt for this id left its placeholder (its own early row since gone: purged or taken).
    await nativeTransaction(pool, (tx) => placeWaiting(tx, [{ smsc: 'w@h:4', provider_id: 'e400' }], now));
    const worker2 = await pool.connect();
    let worker1: Promise<unknown> | null = null;
    try {
      await worker2.query('begin');
      await placeWaiting(worker2, [{ smsc: 'w@h:4', provider_id: 'e400' }], now);
      const early = await writeReceipts(worker2, now, [receipt('w@h:4', 'e400', null)]);
      expect(early).toHaveLength(1);
      await storeEarly(worker2, early);
      // The answer must not look for early receipts before this one is committed.
      worker1 = nativeTransaction(pool, (tx) => writeFlush(tx, now, answer(m, 'w@h:4', 'e400')));
      await waitForLockWaiters(env, 1);
      await worker2.query('commit');
      await worker1;
    } finally {
      worker2.release();
    }
    expect(await statusOf(m.id)).toBe('delivered');
    expect(await env.sql("select count(*)::int as n from early_receipts where smsc = 'w@h:4'")).toEqual([{ n: 0 }]);
  });

  it('the tick\'s sweep while an answer is written: the answer waits for the sweep and takes the receipt it stored again', async () => {
    const pool = await nativePool(env.orm.em);
    const m = await claimed(a);
    const { sweepWaitingReceipts } = await import('../../core/app/messages/apply-receipts.ts');
    await applyReceipts(pool, [receipt('w@h:5', 'f500', null)]);
    const tick = await pool.connect();
    let worker1: Promise<unknown> | null = null;
    try {
      await tick.query('begin');
      // The sweep found no part yet and put the receipt back, not committed yet.
      expect(await sweepWaitingReceipts(tick, now, 1000)).toBe(0);
      worker1 = nativeTransaction(pool, (tx) => writeFlush(tx, now, answer(m, 'w@h:5', 'f500')));
      await waitForLockWaiters(env, 1);
      await tick.query('commit');
      await worker1;
    } finally {
      tick.release();
    }
    expect(await statusOf(m.id)).toBe('delivered');
    expect(await env.sql("select count(*)::int as n from early_receipts where smsc = 'w@h:5'")).toEqual([{ n: 0 }]);
  });

  it('receipts that match nothing, however many and however old, wait behind a fresh one in the sweep', async () => {
    const pool = await nativePool(env.orm.em);
    const old = new Date(now.getTime() - 3_600_000);
    await env.sql(
      `insert into early_receipts (id, smsc, provider_id, delivery, raw_status, received_at, tries)
       select gen_random_uuid(), 'stray@h:1', 's' || g, 'delivered', 'DELIVRD', ?, 3 from generate_series(1, 30) g`,
      [old],
    );
    const m = await claimed(a);
    await applyReceipts(pool, [receipt('sweep@h:1', 'c300', null)]);
    await recordOutcomes(pool, now, [{ message: m.claim, smsc: 'sweep@h:1', outcome: { kind: 'accepted', providerIds: ['c300'] } }]);
    // A sweep of ten: the fresh receipt goes first, ahead of thirty older ones that keep failing.
    expect(await applyWaitingReceipts(pool, now, 10)).toBe(1);
    expect(await statusOf(m.id)).toBe('delivered');
    // The strays looked at are stored again with one more try, never dropped before their retention.
    const tries = await env.sql<{ tries: number; n: number }>("select tries, count(*)::int as n from early_receipts where smsc = 'stray@h:1' group by tries order by tries");
    expect(tries.reduce((sum, t) => sum + t.n, 0)).toBe(30);
    expect(tries.every((t) => t.tries === 3 || t.tries === 4)).toBe(true);
  });

  it('the receipts of the two parts of one message stored at the same moment by two workers: delivered, not left submitted', async () => {
    const pool = await nativePool(env.orm.em);
    const m = await claimed(a);
    await env.sql('update messages set segments = 2 where id = ?', [m.id]);
    await recordOutcomes(pool, now, [{ message: m.claim, smsc: 'parts@h:1', outcome: { kind: 'accepted', providerIds: ['d401', 'd402'] } }]);
    const { writeReceipts } = await import('../../core/app/messages/apply-receipts.ts');
    const worker1 = await pool.connect();
    try {
      await worker1.query('begin');
      expect(await writeReceipts(worker1, now, [receipt('parts@h:1', 'd401', null)])).toEqual([]);
      const worker2 = applyReceipts(pool, [receipt('parts@h:1', 'd402', null)]);
      await waitForLockWaiters(env, 1);
      await worker1.query('commit');
      await worker2;
    } finally {
      worker1.release();
    }
    expect(await statusOf(m.id)).toBe('delivered');
  });
});
