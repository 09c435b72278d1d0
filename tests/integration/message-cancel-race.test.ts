// A cancel racing the dispatcher's claim on the real database: whichever takes the row first wins, and a message a
// dispatcher claimed is never cancelled (nor one cancelled ever claimed). No dispatcher runs here: the claims are
// made by hand, at a time past every message's send_at, so that the test decides the order. And a campaign's
// message is left to its campaign.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { PoolClient } from 'pg';
import { claimDue } from '../../core/app/messages/claim-due.ts';
import { claimDueMessages } from '../../core/db/messages/claim.ts';
import { nativePool } from '../../core/db/sql.ts';
import { bearer, createOrg, setupTestEnv, signInAs, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';
import { expectWalletInvariant } from '../support/money.ts';
import { feed, launchOver, campaignPhone } from '../support/campaigns.ts';

const START = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;
/** Past every send_at of this file: a claim at this time takes whatever is queued. */
const CLAIM_AT = new Date(START.getTime() + 2 * HOUR);

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 10_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
});

let serial = 0;
async function scheduled(): Promise<string> {
  env.clock.set(START);
  serial += 1;
  const res = await request(env.app)
    .post('/v1/messages')
    .set(bearer(org.keys.live!.secret))
    .set('X-Idempotency-Key', randomUUID())
    .send({ to: `+2557543${String(serial).padStart(4, '0')}0`, from: 'UJUMBE', body: 'Habari', client_ref: `race-${serial}`, send_at: new Date(START.getTime() + HOUR).toISOString() });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.id as string;
}

const cancel = (id: string) => request(env.app).post(`/v1/messages/${id}/cancel`).set(bearer(org.keys.live!.secret)).send({});
const pool = async () => nativePool((await env.ctx()).em);
const state = async (id: string) =>
  (await env.sql<{ status: string; charge: string; claimed: boolean }>('select status, charge, submit_started_at is not null as claimed from messages where id = ?', [id]))[0]!;

describe('a cancel racing the claim', () => {
  it('a claim that commits first wins: the cancel is 409 message_not_cancellable and the message stays claimed and held', async () => {
    const id = await scheduled();
    const claimed = await claimDue(await pool(), CLAIM_AT, 100, true);
    expect(claimed.map((m) => m.id)).toEqual([id]);
    const res = await cancel(id);
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([409, 'message_not_cancellable', 'The message can no longer be cancelled: it is already being handed to the network.']);
    expect(await state(id)).toEqual({ status: 'accepted', charge: 'held', claimed: true });
  });

  it('a claim in progress (its row locked, not committed): the cancel waits for it, then is refused', async () => {
    const id = await scheduled();
    const client: PoolClient = await (await pool()).connect();
    try {
      await client.query('begin');
      // The dispatcher's own statement, in a transaction left open: its claim is made, not yet committed.
      const taken = await claimDueMessages(client as never, CLAIM_AT, 100, true, null);
      expect(taken.map((m) => m.id)).toContain(id);
      const cancelling = cancel(id).then((r) => r);
      await waitForLockWaiters(env, 1);
      await client.query('commit');
      const res = await cancelling;
      expect([res.status, res.body.error.code]).toEqual([409, 'message_not_cancellable']);
    } finally {
      client.release();
    }
    expect(await state(id)).toEqual({ status: 'accepted', charge: 'held', claimed: true });
  });

  it('a cancel in progress (the row locked, waiting for the wallet): the claim passes the message by, and it is cancelled', async () => {
    const id = await scheduled();
    const client: PoolClient = await (await pool()).connect();
    let cancelling: Promise<request.Response>;
    try {
      await client.query('begin');
      // The cancel locks the message, then the wallet (lock order): holding the wallet stops it in between.
      await client.query('select 1 from wallets where organization_id = $1 for update', [org.id]);
      cancelling = cancel(id).then((r) => r);
      await waitForLockWaiters(env, 1);
      const claimed = await claimDue(await pool(), CLAIM_AT, 100, true);
      expect(claimed.map((m) => m.id)).not.toContain(id);
      await client.query('commit');
    } finally {
      client.release();
    }
    const res = await cancelling!;
    expect([res.status, res.body.data.status]).toEqual([200, 'cancelled']);
    expect(await claimDue(await pool(), CLAIM_AT, 100, true)).toEqual([]);
    expect(await state(id)).toEqual({ status: 'cancelled', charge: 'released', claimed: false });
  });

  it('side by side many times: each message is either cancelled and never claimed, or claimed and never cancelled', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => scheduled()));
    const p = await pool();
    const [answers, claims] = await Promise.all([Promise.all(ids.map((id) => cancel(id))), Promise.all(ids.map(() => claimDue(p, CLAIM_AT, 1, true)))]);
    const claimedIds = new Set(claims.flat().map((m) => m.id));
    for (const [i, id] of ids.entries()) {
      const s = await state(id);
      if (claimedIds.has(id)) expect([id, answers[i]!.status, s]).toEqual([id, 409, { status: 'accepted', charge: 'held', claimed: true }]);
      else expect([id, answers[i]!.status, s]).toEqual([id, 200, { status: 'cancelled', charge: 'released', claimed: false }]);
    }
    await expectWalletInvariant(env, org.id);
  });
});

describe('a campaign’s message', () => {
  it('is 409 message_not_cancellable, telling to cancel the campaign, and stays queued', async () => {
    env.clock.set(START);
    const owner = await signInAs(env, org.members.owner!);
    const campaign = await launchOver(env, { agent: owner.agent, csrf: owner.csrf }, org.id, [campaignPhone('10')]);
    await feed(env);
    const [m] = await env.sql<{ id: string }>('select id from messages where campaign_id = ?', [campaign.id]);
    const res = await cancel(m!.id);
    expect([res.status, res.body.error.code, res.body.error.details]).toEqual([409, 'message_not_cancellable', { campaign_id: campaign.id }]);
    expect(res.body.error.message).toMatch(/cancel the campaign/);
    expect((await state(m!.id)).status).toBe('accepted');
  });
});
