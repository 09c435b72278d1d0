// No table grows without bound: the tick purges idle rate buckets, old sessions, outbox events, early receipts,
// provider ids of long-final messages and expired idempotency records, a batch at a time, keeping what is recent.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { RETENTION, purgeExpired } from '../../core/db/retention/purges.ts';
import { runDueTransitions } from '../../core/app/tick.ts';
import { nativePool } from '../../core/db/sql.ts';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
const NOW = new Date('2026-11-22T09:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const DAY = 86_400_000;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  return (await env.sql<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n;
}

async function message(finalAt: Date | null): Promise<string> {
  const id = randomUUID();
  await env.sql(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount, total, charge,
       dispatch_after, expires_at, created_at, updated_at, final_at)
     values (?, ?, false, ?, '+255754000001', 'UJUMBE', 'Habari', 'transactional', 'r', 'gsm7', 1, 0, 0, 'none', ?, ?, ?, ?, ?)`,
    [id, org.id, finalAt ? 'delivered' : 'submitted', NOW, NOW, NOW, NOW, finalAt],
  );
  await env.sql("insert into message_provider_ids (smsc, provider_id, organization_id, message_id, part) values ('s', ?, ?, ?, 1)", [id, org.id, id]);
  return id;
}

it('the tick purges each table by its retention and keeps what is recent', async () => {
  // Rate buckets: one idle for two hours (refilled long ago), one just used.
  await env.sql("insert into rate_buckets (key, tokens, updated_at, allowed) values ('recipient:old', 0, clock_timestamp() - interval '2 hours', true), ('recipient:new', 0, clock_timestamp(), true)");
  // Sessions: one ended and one expired beyond the retention, one alive.
  const member = org.members.owner!;
  for (let i = 0; i < 3; i++) await signInAs(env, member);
  const sessions = await env.sql<{ id: string }>('select id from sessions where member_id = ? order by id', [member.id]);
  await env.sql('update sessions set ended_at = ? where id = ?', [ago(RETENTION.sessionsMs + DAY), sessions[0]!.id]);
  await env.sql('update sessions set expires_at = ? where id = ?', [ago(RETENTION.sessionsMs + DAY), sessions[1]!.id]);
  // Outbox events: one old and fanned out, one recent; one old never fanned out stays until it is.
  for (const at of [ago(RETENTION.outboxEventsMs + DAY), NOW]) {
    await env.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at, delivered_at) values (?, ?, 'message.delivered', 'm', '{}', ?, ?)", [randomUUID(), org.id, at, at]);
  }
  const unsent = randomUUID();
  await env.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at) values (?, ?, 'message.delivered', 'm', '{}', ?)", [unsent, org.id, ago(RETENTION.outboxEventsMs + DAY)]);
  // Webhook deliveries: one finished beyond the retention (with its attempt), one finished lately, one old but pending.
  const deliveries: Record<string, string> = {};
  for (const [label, status, finished] of [['old', 'delivered', ago(RETENTION.webhookDeliveriesMs + DAY)], ['recent', 'failed', NOW], ['pending', 'pending', null]] as const) {
    deliveries[label] = randomUUID();
    await env.sql(
      `insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, subject_id, webhook_id, body, status, next_attempt_at, created_at, finished_at)
       values (?, ?, ?, ?, 'message.delivered', 'm', 'msg_x', '{}', ?, ?, ?, ?)`,
      [deliveries[label], org.id, randomUUID(), randomUUID(), status, NOW, ago(RETENTION.webhookDeliveriesMs + 2 * DAY), finished],
    );
    await env.sql('insert into webhook_attempts (organization_id, delivery_id, number, started_at) values (?, ?, 1, ?)', [org.id, deliveries[label], NOW]);
  }
  for (const at of [ago(RETENTION.earlyReceiptsMs + DAY), NOW]) {
    const providerId = randomUUID();
    await env.sql("insert into early_receipts (id, smsc, provider_id, delivery, raw_status, received_at) values (?, 'x', ?, 'delivered', 'DELIVRD', ?)", [randomUUID(), providerId, at]);
    // The placeholder such a receipt left where its submit answer would be stored.
    await env.sql("insert into message_provider_ids (smsc, provider_id, waiting_since) values ('x', ?, ?)", [providerId, at]);
  }
  // Provider ids: of a message final beyond the grace, of one final just now, of one still waiting for a receipt.
  const [longFinal, justFinal, waiting] = [await message(ago(RETENTION.providerIdsMs + DAY)), await message(NOW), await message(null)];
  // Idempotency records: one expired, one not.
  for (const expires of [ago(1000), new Date(NOW.getTime() + DAY)]) {
    await env.sql("insert into idempotency_records (organization_id, operation, key, fingerprint, created_at, expires_at) values (?, 'x', ?, 'f', ?, ?)", [org.id, randomUUID(), NOW, expires]);
  }

  env.clock.set(NOW);
  const result = await runDueTransitions(await env.ctx());
  expect(result.purged).toMatchObject({ rate_buckets: 1, sessions: 2, outbox_events: 1, webhook_deliveries: 1, early_receipts: 1, receipt_placeholders: 1, message_provider_ids: 1, idempotency_records: 1 });
  expect(await count('rate_buckets', "key like 'recipient:%'")).toBe(1);
  expect((await env.sql<{ id: string }>('select id from sessions where member_id = ?', [member.id])).map((s) => s.id)).toEqual([sessions[2]!.id]);
  expect(await count('outbox_events', 'created_at = ? or id = ?', [NOW, unsent])).toBe(await count('outbox_events'));
  expect(await count('outbox_events', 'id = ?', [unsent])).toBe(1);
  expect((await env.sql<{ id: string }>('select id from webhook_deliveries order by id')).map((d) => d.id).sort()).toEqual([deliveries.recent, deliveries.pending].sort());
  expect(await count('webhook_attempts', 'delivery_id = ?', [deliveries.old!])).toBe(0);
  expect(await count('webhook_attempts')).toBe(2);
  expect(await count('early_receipts')).toBe(1);
  expect((await env.sql<{ message_id: string }>('select message_id from message_provider_ids where message_id is not null')).map((r) => r.message_id).sort()).toEqual([justFinal, waiting].sort());
  expect(await count('message_provider_ids', 'waiting_since = ?', [NOW])).toBe(1);
  expect(await count('message_provider_ids', 'message_id is null')).toBe(1);
  expect(await count('idempotency_records', "operation = 'x'")).toBe(1);
  void longFinal;
});

it('deletes a batch at a time until nothing is due', async () => {
  for (let i = 0; i < 7; i++) {
    await env.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at, delivered_at) values (?, ?, 'message.delivered', 'm', '{}', ?, ?)", [randomUUID(), org.id, ago(RETENTION.outboxEventsMs + DAY), NOW]);
  }
  const purged = await purgeExpired(await nativePool(env.orm.em), NOW, 2);
  expect(purged['outbox_events']).toBe(7);
  expect(await count('outbox_events', 'delivered_at is not null and created_at < ?', [ago(RETENTION.outboxEventsMs)])).toBe(0);
});
