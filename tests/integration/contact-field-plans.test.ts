// The contact list's filter by a field's value reads its indexes, not every value: equality by the btree on
// (field_id, lower(value)), "contains" by the trigram index, in a book of 20,000 contacts with 40,000 values.
import { beforeAll, describe, expect, it } from 'vitest';
import { contactListStatement } from '../../core/db/contacts/contact-list.ts';
import { createOrg, setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let orgId: string;
let townId: string;
const T = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  env = await setupTestEnv();
  orgId = (await createOrg(env, { keys: {} })).id;
  townId = '0193e0c4-0000-7000-8000-000000000001';
  const shopId = '0193e0c4-0000-7000-8000-000000000002';
  await env.sql('insert into contact_fields (id, organization_id, name, created_at, updated_at) values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)', [
    townId, orgId, 'Town', T, T, shopId, orgId, 'Shop', T, T,
  ]);
  await env.sql(
    `insert into contacts (id, organization_id, phone, created_at, updated_at)
     select gen_random_uuid(), ?, '+2557541' || lpad(g::text, 5, '0'), ?, ? from generate_series(0, 19999) g`,
    [orgId, T, T],
  );
  await env.sql(
    `insert into contact_field_values (contact_id, field_id, organization_id, value)
     select c.id, f.id, c.organization_id, f.name || ' ' || (row_number() over (partition by f.id order by c.id) % 1000)
     from contacts c cross join contact_fields f where c.organization_id = ? and f.organization_id = ?`,
    [orgId, orgId],
  );
  await env.sql('analyze contacts');
  await env.sql('analyze contact_field_values');
});

async function plan(field: { fieldId: string | null; value: string; match: 'equals' | 'contains' }): Promise<string> {
  const { sql, params } = contactListStatement({ organizationId: orgId, prefix: null, field, limit: 51 });
  return (await env.sql<{ 'QUERY PLAN': string }>(`explain (verbose) ${sql}`, params)).map((r) => r['QUERY PLAN']).join('\n');
}

describe('the filter by a field value', () => {
  it('finds equal values through contact_field_values_equal', async () => {
    const text = await plan({ fieldId: townId, value: 'TOWN 42', match: 'equals' });
    expect(text).toContain('contact_field_values_equal');
    expect(text).not.toMatch(/Seq Scan on public\.contact_field_values/);
  });

  it('finds values containing a text through contact_field_values_contains', async () => {
    // A rare text: for a common one, walking the values in the page's order and stopping at the limit is cheaper.
    const text = await plan({ fieldId: townId, value: 'own 427', match: 'contains' });
    expect(text).toContain('contact_field_values_contains');
    expect(text).not.toMatch(/Seq Scan on public\.contact_field_values/);
  });

  it('answers the same contacts the values name', async () => {
    const { sql, params } = contactListStatement({ organizationId: orgId, prefix: null, field: { fieldId: townId, value: 'town 42', match: 'equals' }, limit: 100 });
    const found = await env.sql<{ id: string }>(sql, params);
    expect(found).toHaveLength(20);
  });
});
