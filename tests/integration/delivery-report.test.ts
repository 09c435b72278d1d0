// Delivery reports on the real database: the rollups kept by the trigger on messages agree with a full recount
// after a mixed run (sends of both modes, every outcome, an expiry, operators and days), before and after the tick
// folds the deltas; the SQL operator table is the domain's; and deliveryReport over GraphQL with its rules.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { applyMoves, type Move } from '../../core/app/messages/message-moves.ts';
import { nativePool, nativeTransaction } from '../../core/db/sql.ts';
import { operatorOf } from '../../core/domain/operators.ts';
import { deliveryReport, ZDeliveryReportInput } from '../../core/app/reports/delivery-report.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;
const DAY1 = new Date('2026-11-22T09:00:00Z'); // 12:00 in Dar es Salaam
const DAY2 = new Date('2026-11-23T20:30:00Z'); // 23:30 in Dar es Salaam: still the 23rd there
const senders = [
  { name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true },
  { name: 'DUKA', classes: ['transactional'] as ('transactional' | 'promotional')[], routeApproved: true },
];

let serial = 0;
async function send(key: string, to: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await request(app).post('/v1/messages').set(bearer(key)).set('X-Idempotency-Key', randomUUID())
    .send({ to, from: 'UJUMBE', body: 'Habari', client_ref: `r-${++serial}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.id as string;
}

async function move(id: string, ...events: Move['event'][]) {
  const now = await env.clock.now();
  await nativeTransaction(await nativePool(env.orm.em), (tx) => applyMoves(tx, now, events.map((event) => ({ organizationId: org.id, messageId: id, event }))));
}

/** The report every dimension deep, recounted from the messages themselves (no rollup involved). */
async function recount(test: boolean) {
  const found = await env.sql<{ created_at: Date; sender: string; campaign_id: string | null; to_phone: string; traffic_class: string; status: string; segments: number; charge: string; total: string }>(
    'select created_at, sender, campaign_id, to_phone, traffic_class, status, segments, charge, total from messages where organization_id = ? and test = ?',
    [org.id, test],
  );
  const groups = new Map<string, Record<string, number | string | null>>();
  for (const m of found) {
    const day = new Date(new Date(m.created_at).getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const key = [day, m.sender, m.campaign_id, operatorOf(m.to_phone), m.traffic_class].join('|');
    const g = groups.get(key) ?? { day, sender: m.sender, campaign_id: m.campaign_id, operator: operatorOf(m.to_phone), traffic_class: m.traffic_class, messages: 0, segments: 0, spend_cents: 0, held_cents: 0 };
    g['messages'] = Number(g['messages']) + 1;
    g['segments'] = Number(g['segments']) + m.segments;
    g[m.status] = Number(g[m.status] ?? 0) + 1;
    if (m.charge === 'captured') g['spend_cents'] = Number(g['spend_cents']) + Number(m.total);
    if (m.charge === 'held') g['held_cents'] = Number(g['held_cents']) + Number(m.total);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function reported(test: boolean) {
  const input = ZDeliveryReportInput.parse({ from: '2026-11-01T00:00:00+03:00', to: '2026-12-01T00:00:00+03:00', group_by: ['day', 'sender', 'campaign', 'operator', 'traffic_class'], test });
  const actor = { kind: 'member', organizationId: org.id, memberId: org.members.owner!.id, role: 'owner' } as never;
  const rows = await deliveryReport(await env.ctx(), actor, input);
  return rows
    .map((r) => ({
      day: r.day, sender: r.sender, campaign_id: r.campaign_id, operator: r.operator, traffic_class: r.traffic_class,
      messages: r.messages, segments: r.segments, spend_cents: r.spend_cents, held_cents: r.held_cents,
      ...Object.fromEntries(Object.entries(r.counts).filter(([, n]) => n !== 0)),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  org = await createOrg(env, {
    credit: 100_000_000n,
    senders,
    members: { owner: 'owner' },
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, messagesOnly: { mode: 'live', scopes: ['messages:read'] } },
  });
  const live = org.keys.live!.secret;
  env.clock.set(DAY1);
  // Day 1: one message to each operator, every outcome.
  const delivered = await send(live, '+255754100001');
  const undelivered = await send(live, '+255684100002', { from: 'DUKA' });
  const refused = await send(live, '+255714100003');
  const unknown = await send(live, '+255624100004');
  const expiring = await send(live, '+255734100005', { ttl: 600 });
  const long = await send(live, '+255754100006', { body: 'x'.repeat(200) });
  await move(delivered, 'submit_accepted', 'receipt_delivered');
  await move(undelivered, 'submit_accepted', 'receipt_undelivered');
  await move(refused, 'submit_refused');
  await move(unknown, 'submit_ambiguous');
  await move(long, 'submit_accepted');
  // Test mode: delivered at once, no money.
  await send(org.keys.test!.secret, '+255754100010');
  await send(org.keys.test!.secret, '+255684100010');
  // Day 2, late evening in Dar es Salaam (already the 23rd in UTC too, but close to midnight): the ten-minute message expired.
  env.clock.set(DAY2);
  await runDueTransitions(await env.ctx());
  expect((await env.sql<{ status: string }>('select status from messages where id = ?', [expiring]))[0]!.status).toBe('expired');
  await send(live, '+255754100007');
});

describe('delivery report rollups', () => {
  it('the SQL operator table is the domain’s, for every prefix', async () => {
    const phones = Array.from({ length: 100 }, (_, p) => `+255${String(p).padStart(2, '0')}1234567`).concat(['+254712345678', '0754123456']);
    const found = await env.sql<{ phone: string; operator: string }>('select p as phone, message_operator(p) as operator from unnest(?::text[]) as p', [`{${phones.join(',')}}`]);
    for (const { phone, operator } of found) expect(operator, phone).toBe(operatorOf(phone));
  });

  it('agree with a full recount after a mixed run, before and after the tick folds the deltas', async () => {
    for (const test of [false, true]) expect(await reported(test), `test ${test}`).toEqual(await recount(test));
    const [pending] = await env.sql<{ n: number }>('select count(*)::int as n from message_rollup_deltas where organization_id = ?', [org.id]);
    expect(pending!.n).toBeGreaterThan(0);
    const result = await runDueTransitions(await env.ctx());
    expect(result.rollup_deltas_folded).toBeGreaterThan(0);
    expect(await env.sql('select day from message_rollup_deltas where organization_id = ?', [org.id])).toEqual([]);
    for (const test of [false, true]) expect(await reported(test), `folded, test ${test}`).toEqual(await recount(test));
    // A move after the fold lands in the deltas again, and the report still agrees.
    const [accepted] = await env.sql<{ id: string }>("select id from messages where organization_id = ? and status = 'submitted' limit 1", [org.id]);
    await move(accepted!.id, 'receipt_delivered');
    expect(await reported(false)).toEqual(await recount(false));
  });
});

describe('deliveryReport over GraphQL', () => {
  const q = `query ($from: DateTime!, $to: DateTime!, $by: [ReportDimension!]!, $test: Boolean) {
    deliveryReport(from: $from, to: $to, groupBy: $by, test: $test) { day sender operator trafficClass messages segments delivered undelivered failed unknown expired cancelled pending deliveryRate spendCents heldCents } }`;
  const gql = (key: string, variables: object) => request(app).post('/graphql').set(bearer(key)).send({ query: q, variables });
  const NOV = { from: '2026-11-22T00:00:00+03:00', to: '2026-11-24T00:00:00+03:00' };

  it('groups by day and sender, with the delivery rate over final outcomes and the money', async () => {
    const res = await gql(org.keys.live!.secret, { ...NOV, by: ['DAY', 'SENDER'] });
    expect(res.body.errors).toBeUndefined();
    const rows = res.body.data.deliveryReport as Record<string, unknown>[];
    expect(rows.map((r) => [r['day'], r['sender'], r['operator'], r['messages']])).toEqual([
      ['2026-11-22', 'DUKA', null, 1],
      ['2026-11-22', 'UJUMBE', null, 5],
      ['2026-11-23', 'UJUMBE', null, 1],
    ]);
    const ujumbe = rows[1]!;
    // delivered (2: one here, one after the fold test's receipt), failed 1, expired 1, unknown 1 (not final).
    expect(ujumbe).toMatchObject({ failed: 1, expired: 1, unknown: 1, pending: 0, cancelled: 0 });
    expect(ujumbe['deliveryRate']).toBeCloseTo(Number(ujumbe['delivered']) / (Number(ujumbe['delivered']) + 2));
    expect(rows[0]).toMatchObject({ undelivered: 1, deliveryRate: 0, spendCents: 2000, heldCents: 0 });
    expect(rows[2]).toMatchObject({ pending: 1, deliveryRate: null, spendCents: 0, heldCents: 2000 });
    const byOperator = await gql(org.keys.live!.secret, { ...NOV, by: ['OPERATOR'] });
    expect(byOperator.body.data.deliveryReport.map((r: { operator: string }) => r.operator)).toEqual(['AIRTEL', 'HALOTEL', 'TTCL', 'VODACOM', 'YAS']);
  });

  it('money fields need wallet:read (an error naming the field); a key reports on its own mode', async () => {
    const res = await gql(org.keys.messagesOnly!.secret, { ...NOV, by: [] });
    expect(res.body.data.deliveryReport[0].messages).toBe(7);
    expect(res.body.data.deliveryReport[0].spendCents).toBeNull();
    expect(res.body.errors.map((e: { path: string[]; extensions: { code: string } }) => [e.path.at(-1), e.extensions.code])).toContainEqual(['spendCents', 'insufficient_scope']);
    const testMode = await gql(org.keys.test!.secret, { ...NOV, by: ['OPERATOR'], test: true });
    expect(testMode.body.data.deliveryReport.map((r: { operator: string; delivered: number }) => [r.operator, r.delivered])).toEqual([['AIRTEL', 1], ['VODACOM', 1]]);
    const mismatch = await gql(org.keys.test!.secret, { ...NOV, by: [] });
    expect(mismatch.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'test' });
  });

  it('refuses bounds that are not midnights in Dar es Salaam, reversed or too long, and a dimension twice', async () => {
    const cases: [object, string][] = [
      [{ ...NOV, from: '2026-11-22T00:00:00Z', by: [] }, 'from'],
      [{ ...NOV, to: '2026-11-21T00:00:00+03:00', by: [] }, 'to'],
      [{ from: '2025-01-01T00:00:00+03:00', to: '2026-11-24T00:00:00+03:00', by: [] }, 'to'],
      [{ ...NOV, from: 'yesterday', by: [] }, 'from'],
      [{ ...NOV, by: ['DAY', 'DAY'] }, 'groupBy'],
    ];
    for (const [variables, field] of cases) {
      const res = await gql(org.keys.live!.secret, variables);
      expect(res.body.errors?.[0]?.extensions, JSON.stringify(variables)).toMatchObject({ code: 'validation_failed', field });
    }
  });
});
