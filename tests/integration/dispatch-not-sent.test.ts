// A submit that never left is not a failure: the message goes back in the queue. Only the attempt, stored just
// before the first write, says a message may have left; a claim without one is handed back, never made unknown.
import { beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { nativePool } from '../../core/db/sql.ts';
import { claimDue, markWriting } from '../../core/app/messages/claim-due.ts';
import { RETRY_AFTER_NOT_SENT_MS, recordOutcomes } from '../../core/app/messages/record-outcomes.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

async function send(key: string, to: string) {
  const sent = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', key).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: key });
  expect(sent.status).toBe(202);
  return sent.body.data.id as string;
}

const row = async (id: string) =>
  (await env.sql<{ status: string; charge: string; submit_started_at: Date | null; dispatch_after: Date }>('select * from messages where id = ?', [id]))[0]!;
const attempts = (id: string) => env.sql<{ number: number; state: string }>('select number, state from message_attempts where message_id = ? order by number', [id]);

it('not sent after the mark: attempt not_sent, the message accepted again with its hold, due after a pause, then attempt 2', async () => {
  const id = await send('ns-1', '+255754999010');
  const pool = await nativePool(env.orm.em);
  const now = new Date('2026-11-22T09:00:00Z');
  const claimed = (await claimDue(pool, now, 10, true)).find((m) => m.id === id)!;
  expect(claimed.attempt).toBe(1);
  // A claim alone writes no attempt: nothing may have left yet.
  expect(await attempts(id)).toEqual([]);
  expect(await markWriting(pool, now, [claimed])).toEqual(new Set([id]));
  await recordOutcomes(pool, now, [{ message: claimed, smsc: 'test-smsc', outcome: { kind: 'unsent', reason: 'not connected to the SMSC' } }]);
  expect(await row(id)).toMatchObject({ status: 'accepted', charge: 'held', submit_started_at: null });
  expect(new Date((await row(id)).dispatch_after).getTime()).toBe(now.getTime() + RETRY_AFTER_NOT_SENT_MS);
  expect((await claimDue(pool, now, 10, true)).map((m) => m.id)).not.toContain(id);
  const again = (await claimDue(pool, new Date(now.getTime() + RETRY_AFTER_NOT_SENT_MS), 10, true)).find((m) => m.id === id);
  expect(again).toMatchObject({ id, attempt: 2 });
  await markWriting(pool, now, [again!]);
  expect(await attempts(id)).toEqual([{ number: 1, state: 'not_sent' }, { number: 2, state: 'submitting' }]);
});

it('withdrawn before the mark: handed back at once with no attempt; a mark after the claim was taken back writes nothing', async () => {
  const id = await send('ns-2', '+255754999020');
  const pool = await nativePool(env.orm.em);
  const now = new Date('2026-11-22T09:10:00Z');
  const claimed = (await claimDue(pool, now, 10, true)).find((m) => m.id === id)!;
  await recordOutcomes(pool, now, [{ message: claimed, smsc: 'test-smsc', outcome: { kind: 'withdrawn' } }]);
  expect(await row(id)).toMatchObject({ status: 'accepted', charge: 'held', submit_started_at: null });
  expect(await attempts(id)).toEqual([]);
  // The old claim's mark finds no claim: the dispatcher holding it must not write it.
  expect(await markWriting(pool, now, [claimed])).toEqual(new Set());
  const later = new Date(now.getTime() + 1000);
  const again = (await claimDue(pool, later, 10, true)).find((m) => m.id === id);
  expect(again).toMatchObject({ id, attempt: 1 });
  expect(await markWriting(pool, later, [claimed])).toEqual(new Set());
  expect(await markWriting(pool, later, [again!])).toEqual(new Set([id]));
});
