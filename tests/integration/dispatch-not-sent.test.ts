// A submit that never left (no SMSC connection) is not a failure: the message goes back in the queue, a little later.
import { beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { nativePool } from '../../core/db/sql.ts';
import { claimDue } from '../../core/app/messages/claim-due.ts';
import { NEVER_SENT, RETRY_AFTER_NOT_SENT_MS, recordOutcomes } from '../../core/app/messages/record-outcomes.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

it('not sent: attempt refused, the message accepted again with its hold, due after a pause, then attempt 2', async () => {
  const sent = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', 'ns-1').send({ to: '+255754999010', from: 'UJUMBE', body: 'Habari', client_ref: 'ns' });
  expect(sent.status).toBe(202);
  const pool = await nativePool(env.orm.em);
  const now = new Date('2026-11-22T09:00:00Z');
  const [claimed] = await claimDue(pool, now, 10, true);
  expect(claimed!.attempt).toBe(1);
  await recordOutcomes(pool, now, [{ message: claimed!, smsc: 'test-smsc', outcome: { kind: 'refused', reason: 'not connected to the SMSC', commandStatus: NEVER_SENT } }]);
  const [m] = await env.sql<{ status: string; charge: string; submit_started_at: Date | null; dispatch_after: Date }>('select * from messages where id = ?', [claimed!.id]);
  expect(m).toMatchObject({ status: 'accepted', charge: 'held', submit_started_at: null });
  expect(new Date(m!.dispatch_after).getTime()).toBe(now.getTime() + RETRY_AFTER_NOT_SENT_MS);
  expect(await claimDue(pool, now, 10, true)).toHaveLength(0);
  const [again] = await claimDue(pool, new Date(now.getTime() + RETRY_AFTER_NOT_SENT_MS), 10, true);
  expect(again).toMatchObject({ id: claimed!.id, attempt: 2 });
  const attempts = await env.sql<{ number: number; state: string }>('select number, state from message_attempts where message_id = ? order by number', [claimed!.id]);
  expect(attempts).toEqual([{ number: 1, state: 'refused' }, { number: 2, state: 'submitting' }]);
});
