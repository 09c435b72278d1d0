// Many sends at once, more than the pool has connections: none waits for a second connection while
// holding one (the pool would deadlock), and every hold is one ledger entry.
import { beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

it('40 concurrent live sends (the test pool has 8 connections) all answer 202 with one hold each', async () => {
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      request(env.app)
        .post('/v1/messages')
        .set(bearer(org.keys.live!.secret))
        .set('X-Idempotency-Key', `c-${i}`)
        .send({ to: `+25575400${String(1000 + i)}`, from: 'UJUMBE', body: 'Habari', client_ref: `c-${i}` }),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(Array(40).fill(202));
  const [w] = await env.sql<{ held: string }>('select held from wallets where organization_id = ?', [org.id]);
  expect(Number(w!.held)).toBe(40 * 2000);
  expect(await env.sql("select count(*)::int as n from ledger_entries where organization_id = ? and kind = 'hold'", [org.id])).toEqual([{ n: 40 }]);
}, 20_000);

it('concurrent sends over a wallet that funds only some: exactly as many 202 as it holds, the rest 422 with nothing kept', async () => {
  const small = await createOrg(env, { credit: 10_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      request(env.app)
        .post('/v1/messages')
        .set(bearer(small.keys.live!.secret))
        .set('X-Idempotency-Key', `f-${i}`)
        .send({ to: `+25575401${String(1000 + i)}`, from: 'UJUMBE', body: 'Habari', client_ref: `f-${i}` }),
    ),
  );
  const statuses = results.map((r) => r.status).sort();
  expect(statuses).toEqual([...Array(5).fill(202), ...Array(7).fill(422)]);
  expect(results.filter((r) => r.status === 422).every((r) => r.body.error.code === 'insufficient_funds')).toBe(true);
  const [w] = await env.sql<{ available: string; held: string }>('select available, held from wallets where organization_id = ?', [small.id]);
  expect([Number(w!.available), Number(w!.held)]).toEqual([0, 10_000]);
  expect(await env.sql('select count(*)::int as n from messages where organization_id = ?', [small.id])).toEqual([{ n: 5 }]);
  expect(await env.sql('select count(*)::int as n from idempotency_records where organization_id = ?', [small.id])).toEqual([{ n: 5 }]);
}, 20_000);

it('one key sent at once with two different bodies: one 202, one 409 idempotency_conflict, one message', async () => {
  const send = (body: string) =>
    request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', 'same-key').send({ to: '+255754020000', from: 'UJUMBE', body, client_ref: 'same' });
  const results = await Promise.all([send('Habari A'), send('Habari B')]);
  expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
  expect(results.find((r) => r.status === 409)!.body.error.code).toBe('idempotency_conflict');
  expect(await env.sql("select count(*)::int as n from messages where organization_id = ? and to_phone = '+255754020000'", [org.id])).toEqual([{ n: 1 }]);
}, 20_000);

it('a send refused for the recipient allowance draws on no funds: the sends of its batch that the wallet funds exactly are all accepted', async () => {
  const sender = [{ name: 'UJUMBE', classes: ['transactional' as const], routeApproved: true }];
  // Five sends at 2,000 cents: the wallet funds exactly the five the allowance lets through.
  const o = await createOrg(env, { credit: 60_000n, senders: sender });
  const stall = await createOrg(env, { credit: 1_000_000n, senders: sender });
  const to = '+255754030000';
  // Started at once (a supertest request runs only once something waits on it).
  const send = (org: OrgFixture, key: string, number: string) =>
    request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', key).send({ to: number, from: 'UJUMBE', body: 'Habari', client_ref: key }).then((r) => r);
  // The recipient's allowance used up (30 an hour), which leaves 10,000 cents.
  for (let i = 0; i < 25; i++) expect((await send(o, `used-${i}`, to)).status).toBe(202);
  await env.sql("update rate_buckets set tokens = 0 where key = ?", [`recipient:${o.id}:${to}`]);
  // The batch writer held up on another organization's wallet, so the next sends gather into one batch in order.
  const pool = await (await import('../../core/db/sql.ts')).nativePool(env.orm.em);
  const blocker = await pool.connect();
  try {
    await blocker.query('begin');
    await blocker.query('select 1 from wallets where organization_id = $1 for update', [stall.id]);
    const stalled = [send(stall, 'stall-1', '+255754030101')];
    for (let i = 0; ; i++) {
      const [w] = await env.sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (w!.n >= 1) break;
      if (i > 400) throw new Error('the batch writer never waited');
      await new Promise((r) => setTimeout(r, 25));
    }
    const refusedFirst = send(o, 'over-allowance', to);
    await new Promise((r) => setTimeout(r, 100));
    const funded = Array.from({ length: 5 }, (_, i) => send(o, `funded-${i}`, `+25575403020${i}`));
    await new Promise((r) => setTimeout(r, 100));
    await blocker.query('commit');
    const [over, ...rest] = await Promise.all([refusedFirst, ...funded, ...stalled]);
    expect([over!.status, over!.body.error?.code]).toEqual([429, 'rate_limited']);
    expect(rest.map((r) => r.status)).toEqual(Array(6).fill(202));
  } finally {
    blocker.release();
  }
  const [w] = await env.sql<{ available: string }>('select available from wallets where organization_id = ?', [o.id]);
  expect(Number(w!.available)).toBe(0);
  // The refused send's token is not spent by the funds check: the bucket is as empty as before, no fuller.
  const [bucket] = await env.sql<{ tokens: number }>('select tokens::float8 as tokens from rate_buckets where key = ?', [`recipient:${o.id}:${to}`]);
  expect(bucket!.tokens).toBeLessThan(1);
}, 30_000);
