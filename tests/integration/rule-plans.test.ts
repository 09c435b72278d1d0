// The rules of migration 0024 cost the hot paths nothing: PostgreSQL inlines them, so the dispatcher's claim and a
// send's checks keep their index reads (messages_due, opt_outs_active, consent_records_contact, the price plans'
// key) on tables with thousands of rows, and no rule is left as a function call. A rule made strict, volatile or
// PL/pgSQL would no longer inline, and this fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_DUE, CLAIM_DUE_FOR_OPERATORS } from '../../core/db/messages/claim.ts';
import { ONE_SEND_CONTEXT } from '../../core/db/messages/send-context.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
const T = new Date('2026-11-22T09:00:00Z');
const RULES = ['latest_consent', 'contact_consented', 'number_consented', 'opt_out_active', 'active_opt_out', 'message_queued', 'waits_for_window', 'price_plan_in_force'];

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }] });
  // 20,000 messages of which 500 are queued; 5,000 contacts, each with two consent records; 5,000 opt-outs.
  await env.sql(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount,
       total, charge, dispatch_after, expires_at, submit_started_at, created_at, updated_at)
     select gen_random_uuid(), ?, false, case when g < 500 then 'accepted' else 'delivered' end, '+2557540' || lpad(g::text, 5, '0'), 'UJUMBE', 'Habari',
       'transactional', 'r' || g, 'gsm7', 1, 2000, 2000, case when g < 500 then 'held' else 'captured' end, ?, ?::timestamptz + interval '1 day',
       case when g < 500 then null else ?::timestamptz end, ?, ?
     from generate_series(0, 19999) g`,
    [org.id, T, T, T, T, T],
  );
  await env.sql(
    `insert into contacts (id, organization_id, phone, created_at, updated_at)
     select gen_random_uuid(), ?, '+2557550' || lpad(g::text, 5, '0'), ?, ? from generate_series(0, 4999) g`,
    [org.id, T, T],
  );
  await env.sql(
    `insert into consent_records (id, organization_id, phone, contact_id, action, source, actor_type, created_at)
     select gen_random_uuid(), c.organization_id, c.phone, c.id, a.action, 'manual', 'system', ? from contacts c
     cross join (values ('consent_recorded'), ('consent_cleared')) as a(action) where c.organization_id = ?`,
    [T, org.id],
  );
  await env.sql(
    `insert into opt_outs (id, organization_id, phone, source, created_by_type, created_at)
     select gen_random_uuid(), ?, '+2557560' || lpad(g::text, 5, '0'), 'manual', 'system', ? from generate_series(0, 4999) g`,
    [org.id, T],
  );
  // A plan changed 2,000 times.
  await env.sql(
    `insert into price_plans (id, organization_id, version, transactional_unit, promotional_unit, created_at)
     select gen_random_uuid(), ?, g, 2000, 2500, ? from generate_series(2, 2001) g`,
    [org.id, T],
  );
  await env.sql('analyze');
});

async function plan(sql: string, params: unknown[]): Promise<string> {
  return (await env.sql<{ 'QUERY PLAN': string }>(`explain (verbose) ${sql}`, params)).map((r) => r['QUERY PLAN']).join('\n');
}

function expectInlined(text: string): void {
  for (const rule of RULES) expect(text, rule).not.toContain(`${rule}(`);
}

describe('the rules on the hot paths', () => {
  it('the dispatcher’s claim reads the queue by messages_due', async () => {
    const text = await plan(CLAIM_DUE, [T, T, true, 100, T, null, 'default', T]);
    expectInlined(text);
    expect(text).toContain('messages_due');
    expect(text).not.toMatch(/Seq Scan on public\.messages/);
  });

  it('a lane’s claim of some operators reads the queue by messages_due_by_operator', async () => {
    for (const operators of ['{vodacom}', '{airtel,yas,halotel}']) {
      const text = await plan(CLAIM_DUE_FOR_OPERATORS, [operators, T, T, true, 100, 100, T, null, 'vodacom-1', T]);
      expectInlined(text);
      expect(text).toMatch(/Index Scan using messages_due_by_operator/);
      // An ordered walk of each operator's entries, never a sort of their whole backlog.
      expect(text).not.toMatch(/Bitmap Heap Scan on public\.messages|Sort Key: messages\.dispatch_after/);
      expect(text).not.toMatch(/Seq Scan on public\.messages/);
    }
  });

  it('a send’s checks read the opt-out, the consent and the plan in force by their keys', async () => {
    const text = await plan(ONE_SEND_CONTEXT, [org.id, 'UJUMBE', '+255755000042', null, null, T]);
    expectInlined(text);
    expect(text).toContain('opt_outs_active');
    expect(text).toContain('consent_records_contact');
    expect(text).toContain('price_plans_organization_id_version_key');
    expect(text).not.toMatch(/Seq Scan on public\.(opt_outs|consent_records|contacts|price_plans)/);
  });
});
