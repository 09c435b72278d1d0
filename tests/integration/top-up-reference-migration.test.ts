// Migration 0023 on a database that already holds requests sharing a payment reference once dashes, spaces and
// case are folded (possible before, across organizations and within one): nothing is changed or declined, the
// earliest keeps the reference, the later ones are marked as its clashes and shown to the operator, and the
// unique index still stops any new live request with that reference.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createOrm, type Orm } from '../../core/db/orm.ts';
import { withDatabase } from '../../core/db/embedded.ts';
import { migrationsList } from '../../migrations/index.ts';
import { opsOk } from '../support/ops.ts';

let url = '';
let orm: Orm;
const sql = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) => (await orm.em.fork().execute(query, params as never[])) as T[];

const mine = migrationsList.findIndex((m) => m.name === '0023-top-up-reference-keys');
const orgA = randomUUID();
const orgB = randomUUID();
const ids = { a1: randomUUID(), b1: randomUUID(), a2: randomUUID(), a3: randomUUID(), bDeclined: randomUUID(), aAlone: randomUUID() };

async function insertRequest(id: string, organizationId: string, reference: string, minute: number, status: 'pending' | 'declined' = 'pending') {
  const at = new Date(Date.UTC(2026, 10, 20, 9, minute));
  await sql(
    `insert into top_up_requests (id, organization_id, status, amount, method, reference, decline_reason, decided_at, created_at, updated_at)
     values (?, ?, ?, 1000, 'bank_transfer', ?, ?, ?, ?, ?)`,
    [id, organizationId, status, reference, status === 'declined' ? 'not on our statement' : null, status === 'declined' ? at : null, at, at],
  );
}

beforeAll(async () => {
  const adminUrl = inject('adminUrl');
  const name = `ujumbe_topup_migration_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url = withDatabase(adminUrl, name);
  orm = await createOrm(url, { poolMax: 2 });
  expect(mine).toBeGreaterThan(0);
  await orm.migrator.up({ to: migrationsList[mine - 1]!.name });
  for (const [id, n] of [[orgA, 'A'], [orgB, 'B']] as const) {
    await sql('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [id, `Org ${n}`]);
  }
  // Accepted before 0023: other organizations' references were not compared, nor U+2011 with a hyphen.
  await insertRequest(ids.a1, orgA, 'NMB-778899', 1);
  await insertRequest(ids.b1, orgB, 'nmb\u2011778899', 2);
  await insertRequest(ids.a2, orgA, 'NMB 778 899', 3);
  await insertRequest(ids.bDeclined, orgB, 'NMB778899', 4, 'declined');
  await insertRequest(ids.a3, orgA, 'ＮＭＢ－７７８８９９', 5);
  await insertRequest(ids.aAlone, orgA, 'crdb-1', 6);
  await orm.migrator.up();
}, 120_000);

afterAll(async () => {
  await orm?.close();
});

describe('migration 0023 on requests that already share a reference', () => {
  it('backfills the canonical form and marks every later live request as a clash of the earliest; nothing else changes', async () => {
    const found = await sql<{ id: string; status: string; reference: string; reference_key: string; clash_of: string | null }>(
      'select id, status, reference, reference_key, clash_of from top_up_requests order by created_at',
    );
    expect(found).toEqual([
      { id: ids.a1, status: 'pending', reference: 'NMB-778899', reference_key: 'NMB778899', clash_of: null },
      { id: ids.b1, status: 'pending', reference: 'nmb\u2011778899', reference_key: 'NMB778899', clash_of: ids.a1 },
      { id: ids.a2, status: 'pending', reference: 'NMB 778 899', reference_key: 'NMB778899', clash_of: ids.a1 },
      { id: ids.bDeclined, status: 'declined', reference: 'NMB778899', reference_key: 'NMB778899', clash_of: null },
      { id: ids.a3, status: 'pending', reference: 'ＮＭＢ－７７８８９９', reference_key: 'NMB778899', clash_of: ids.a1 },
      { id: ids.aAlone, status: 'pending', reference: 'crdb-1', reference_key: 'CRDB1', clash_of: null },
    ]);
  });

  it('the unique index stands: another live request with the reference is refused by the database itself', async () => {
    const insert = sql(
      `insert into top_up_requests (id, organization_id, amount, method, reference, reference_key, created_at, updated_at)
       values (?, ?, 1000, 'bank_transfer', 'NMB-778-899', 'NMB778899', now(), now())`,
      [randomUUID(), orgB],
    );
    await expect(insert).rejects.toMatchObject({ code: '23505', constraint: 'top_up_requests_reference_key' });
  });

  it('ops top-ups list --clashing shows the shared requests, each naming the others', async () => {
    const listed = await opsOk(url, ['top-ups', 'list', '--clashing']);
    const clashesOf = (id: string) => (listed.top_ups as { id: string; clashes: { id: string; organization_id: string; status: string }[] }[]).find((t) => t.id === id)?.clashes;
    expect(listed.top_ups.map((t: { id: string }) => t.id).sort()).toEqual([ids.a1, ids.b1, ids.a2, ids.a3].sort());
    expect(clashesOf(ids.a1)?.map((c) => c.id)).toEqual([ids.b1, ids.a2, ids.a3]);
    expect(clashesOf(ids.b1)).toEqual([
      expect.objectContaining({ id: ids.a1, organization_id: orgA, status: 'pending' }),
      expect.objectContaining({ id: ids.a2, organization_id: orgA }),
      expect.objectContaining({ id: ids.a3, organization_id: orgA }),
    ]);
  }, 60_000);
});
