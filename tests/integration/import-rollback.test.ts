// A processing job that fails half way leaves the address book exactly as it was: no contacts, no half group.
import { beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../core/app/imports/run-import.ts';
import { createOrg, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

async function queuedImport(rows: number) {
  const org = await createOrg(env, { keys: {} });
  const s = await signInAs(env, org.members.owner!);
  const csv = ['name,phone', ...Array.from({ length: rows }, (_, i) => `P${i},07${String(54000000 + i)}`)].join('\n');
  const up = await s.agent.post('/v1/contact-imports?filename=a.csv').set('X-CSRF-Token', s.csrf).set('Content-Type', 'text/csv').send(csv);
  const id = up.body.data.import.id as string;
  const res = await s.agent.post(`/v1/contact-imports/${id}/process`).set('X-CSRF-Token', s.csrf).send({ phone_column: 'phone', name_column: 'name', group_name: 'Half', consent: { note: 'n', confirmation: 'CONSENT FOR ALL' } });
  expect(res.status).toBe(202);
  return { org, id };
}

const counts = async (orgId: string) => ({
  contacts: (await env.sql<{ n: number }>('select count(*)::int as n from contacts where organization_id = ?', [orgId]))[0]!.n,
  members: (await env.sql<{ n: number }>('select count(*)::int as n from group_members where organization_id = ?', [orgId]))[0]!.n,
  consents: (await env.sql<{ n: number }>('select count(*)::int as n from consent_records where organization_id = ?', [orgId]))[0]!.n,
});

describe('a processing failure half way', () => {
  it('rolls everything back; a retry later sees a clean book, and the last attempt ends the import failed', async () => {
    // 12,000 rows are three chunks; the third chunk's group insert fails.
    const { org, id } = await queuedImport(12_000);
    await env.sql(`create or replace function fail_third_chunk() returns trigger language plpgsql as $$
      begin
        if (select count(*) from group_members where organization_id = '${org.id}') >= 10000 then raise exception 'disk full'; end if;
        return null;
      end $$`);
    await env.sql('create trigger fail_third_chunk after insert on group_members for each statement execute function fail_third_chunk()');
    try {
      await expect(runImport(env.deps, id, false)).rejects.toThrow(/disk full/);
      expect(await counts(org.id)).toEqual({ contacts: 0, members: 0, consents: 0 });
      const [during] = await env.sql<{ state: string }>('select state from contact_imports where id = ?', [id]);
      expect(during!.state).toBe('processing');

      await runImport(env.deps, id, true);
      expect(await counts(org.id)).toEqual({ contacts: 0, members: 0, consents: 0 });
      const [after] = await env.sql<{ state: string; processed: number; error: { code: string } }>('select state, processed, error from contact_imports where id = ?', [id]);
      expect(after).toMatchObject({ state: 'failed', processed: 0, error: { code: 'processing_failed' } });
    } finally {
      await env.sql('drop trigger fail_third_chunk on group_members');
    }
  });

  it('without a failure the same import completes in full', async () => {
    const { org, id } = await queuedImport(12_000);
    await runImport(env.deps, id, false);
    expect(await counts(org.id)).toEqual({ contacts: 12_000, members: 12_000, consents: 12_000 });
  });
});
