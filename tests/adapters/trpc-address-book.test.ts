// The address book over tRPC (contacts, groups, opt-outs, imports): the same answers as REST for the same records,
// permissions, CSRF, refusals with code and field that write nothing, and an import uploaded over REST then processed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createOrg, drainJobs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let marketer: TrpcClient;
let analyst: TrpcClient;

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { members: { marketer: 'marketer', analyst: 'analyst' }, keys: {} });
  marketer = await signedIn(app, org.members.marketer!);
  analyst = await signedIn(app, org.members.analyst!);
});

/** REST's `data` for a GET with the same session. */
async function restData(client: TrpcClient, path: string) {
  const res = await client.agent.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const count = async (table: string) =>
  (await env.sql<{ n: number }>(`select count(*)::int as n from ${table} where organization_id = ?`, [org.id]))[0]!.n;

describe('contacts', () => {
  it('create, get, list, update and delete answer what REST answers for the same contact', async () => {
    const created = ok(await marketer.mutate('contacts.create', { phone: '0754 100 001', name: 'Asha', consent: { note: 'paper form' } }));
    expect(created.replay).toBe(false);
    expect(created.contact).toMatchObject({ phone: '+255754100001', name: 'Asha', consent: { note: 'paper form', source: 'manual' }, opted_out: false });
    const id = created.contact.id as string;

    const got = ok(await marketer.query('contacts.get', { id }));
    expect(got).toEqual({ contact: created.contact });
    expect(got).toEqual(await restData(marketer, `/v1/contacts/${id}`));
    expect(ok(await marketer.query('contacts.list', { search: '754100' }))).toEqual(await restData(marketer, '/v1/contacts?search=754100'));

    const updated = ok(await marketer.mutate('contacts.update', { id, name: 'Asha M', consent: null }));
    expect(updated.contact).toMatchObject({ name: 'Asha M', consent: null });
    expect(updated).toEqual(await restData(marketer, `/v1/contacts/${id}`));

    expect(ok(await marketer.mutate('contacts.delete', { id }))).toEqual({ id, deleted: true });
    refused(await marketer.query('contacts.get', { id }), 404, 'not_found');
    expect((await marketer.agent.get(`/v1/contacts/${id}`)).status).toBe(404);
  });

  it('an idempotency key makes a repeated create answer the first contact (replay true); another body under it is a conflict', async () => {
    const input = { phone: '0754100002', name: 'Juma', idempotencyKey: 'contact-juma-1' };
    const first = ok(await marketer.mutate('contacts.create', input));
    const again = ok(await marketer.mutate('contacts.create', input));
    expect(again).toEqual({ ...first, replay: true });
    refused(await marketer.mutate('contacts.create', { ...input, name: 'Someone else' }), 409, 'idempotency_conflict');
    expect(await env.sql("select count(*)::int as n from contacts where phone = '+255754100002'")).toEqual([{ n: 1 }]);
  });

  it('bad input is refused with its code and field and writes nothing', async () => {
    const before = await count('contacts');
    refused(await marketer.mutate('contacts.create', { phone: '0222 123 456', name: 'Fixed line' }), 422, 'validation_failed', 'phone');
    refused(await marketer.mutate('contacts.create', { phone: '0754100003', group_ids: ['not-a-uuid'] }), 400, 'validation_failed', 'group_ids.0');
    refused(await marketer.mutate('contacts.create', { phone: '0754100003', group_ids: [crypto.randomUUID()] }), 422, 'validation_failed', 'group_ids.0');
    refused(await marketer.query('contacts.list', { search: '754%' }), 422, 'validation_failed', 'search');
    expect(await count('contacts')).toBe(before);
    ok(await marketer.mutate('contacts.create', { phone: '0754100004' }));
    refused(await marketer.mutate('contacts.create', { phone: '+255 754 100 004' }), 409, 'contact_exists', 'phone');
    expect(await count('contacts')).toBe(before + 1);
  });

  it('a mutation needs the session CSRF token', async () => {
    const res = await marketer.agent.post('/trpc/contacts.create').set('Content-Type', 'application/json').send({ phone: '0754100005' });
    expect(res.status).toBe(403);
    expect(res.body.error.data.ujumbe).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    expect(await env.sql("select count(*)::int as n from contacts where phone = '+255754100005'")).toEqual([{ n: 0 }]);
  });

  it('an analyst (no contacts.read or contacts.write) writes nothing and reads no number, as over REST', async () => {
    const { contact } = ok(await marketer.mutate('contacts.create', { phone: '0754100006', name: 'Seen' }));
    refused(await analyst.mutate('contacts.create', { phone: '0754100007' }), 403, 'forbidden');
    refused(await analyst.mutate('contacts.update', { id: contact.id, name: 'Changed' }), 403, 'forbidden');
    refused(await analyst.mutate('contacts.delete', { id: contact.id }), 403, 'forbidden');
    for (const [path, input, rest] of [
      ['contacts.get', { id: contact.id }, `/v1/contacts/${contact.id}`],
      ['contacts.list', {}, '/v1/contacts'],
    ] as const) {
      const res = await analyst.query(path, input);
      refused(res, 403, 'forbidden');
      expect(JSON.stringify(res)).not.toContain('754100006');
      expect((await analyst.agent.get(rest)).body.error.code).toBe('forbidden');
    }
    expect(await env.sql("select count(*)::int as n from contacts where phone = '+255754100007'")).toEqual([{ n: 0 }]);
    expect(ok(await marketer.query('contacts.get', { id: contact.id })).contact).toMatchObject({ name: 'Seen', phone: '+255754100006' });
  });
});

describe('groups', () => {
  it('create (once per key), list, rename, add and remove members, delete: the same answers as REST', async () => {
    const input = { name: 'Wateja', idempotencyKey: 'group-wateja' };
    const created = ok(await marketer.mutate('groups.create', input));
    expect(created).toMatchObject({ group: { name: 'Wateja', members: 0 }, replay: false });
    expect(ok(await marketer.mutate('groups.create', input))).toEqual({ ...created, replay: true });
    const id = created.group.id as string;
    expect(ok(await marketer.query('groups.list', {}))).toEqual(await restData(marketer, '/v1/groups'));

    const a = ok(await marketer.mutate('contacts.create', { phone: '0754200001' })).contact.id;
    const b = ok(await marketer.mutate('contacts.create', { phone: '0754200002' })).contact.id;
    expect(ok(await marketer.mutate('groups.addMembers', { id, contact_ids: [a, b, a] }))).toEqual({ added: 2 });
    expect(ok(await marketer.mutate('groups.removeMembers', { id, contact_ids: [b] }))).toEqual({ removed: 1 });
    expect(ok(await marketer.query('contacts.list', { group_id: id })).contacts.map((c: { id: string }) => c.id)).toEqual([a]);

    const renamed = ok(await marketer.mutate('groups.rename', { id, name: 'Wateja wakuu' }));
    expect(renamed.group).toMatchObject({ id, name: 'Wateja wakuu', members: 1 });
    expect((await restData(marketer, '/v1/groups')).groups).toContainEqual(renamed.group);

    expect(ok(await marketer.mutate('groups.delete', { id }))).toEqual({ id, deleted: true });
    expect((await restData(marketer, '/v1/groups')).groups.map((g: { id: string }) => g.id)).not.toContain(id);
    expect(await env.sql('select count(*)::int as n from group_members where group_id = ?', [id])).toEqual([{ n: 0 }]);
    expect(await env.sql('select count(*)::int as n from contacts where id in (?, ?)', [a, b])).toEqual([{ n: 2 }]);
  });

  it('refusals carry their code and field and change nothing; an analyst may not change groups', async () => {
    const { group } = ok(await marketer.mutate('groups.create', { name: 'Sokoni' }));
    ok(await marketer.mutate('groups.create', { name: 'Dukani' }));
    refused(await marketer.mutate('groups.rename', { id: group.id, name: 'DUKANI' }), 409, 'group_name_taken', 'name');
    refused(await marketer.mutate('groups.create', { name: '   ' }), 400, 'validation_failed', 'name');
    refused(await marketer.mutate('groups.addMembers', { id: group.id, contact_ids: [crypto.randomUUID()] }), 422, 'validation_failed', 'contact_ids.0');
    refused(await marketer.mutate('groups.delete', { id: crypto.randomUUID() }), 404, 'not_found');
    refused(await analyst.mutate('groups.create', { name: 'Analysts' }), 403, 'forbidden');
    refused(await analyst.mutate('groups.delete', { id: group.id }), 403, 'forbidden');
    refused(await analyst.query('groups.list', {}), 403, 'forbidden');
    const names = (await env.sql<{ name: string }>('select name from groups where organization_id = ? order by name', [org.id])).map((g) => g.name);
    expect(names).toEqual(['Dukani', 'Sokoni']);
    expect(await env.sql('select count(*)::int as n from group_members where group_id = ?', [group.id])).toEqual([{ n: 0 }]);
  });
});

describe('opt-outs', () => {
  it('record answers created true, then false for the same number in another form; list and clear match REST', async () => {
    const first = ok(await marketer.mutate('optOuts.record', { phone: '0754300001', reason: 'Asked by SMS' }));
    expect(first).toMatchObject({ created: true, opt_out: { phone: '+255754300001', active: true, reason: 'Asked by SMS' } });
    const again = ok(await marketer.mutate('optOuts.record', { phone: '+255 754 300 001' }));
    expect(again).toEqual({ opt_out: first.opt_out, created: false });
    const rest = await marketer.agent.post('/v1/opt-outs').set('X-CSRF-Token', marketer.csrf).send({ phone: '0754300001' });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toEqual(again);
    expect(ok(await marketer.query('optOuts.list', { status: 'all' }))).toEqual(await restData(marketer, '/v1/opt-outs?status=all'));

    const id = first.opt_out.id as string;
    refused(await marketer.mutate('optOuts.clear', { id, reason: 'ok', evidence: 'Signed form #1' }), 400, 'validation_failed', 'reason');
    expect(await env.sql('select cleared_at from opt_outs where id = ?', [id])).toEqual([{ cleared_at: null }]);
    const cleared = ok(await marketer.mutate('optOuts.clear', { id, reason: 'Asked for offers again', evidence: 'Signed form #1' }));
    expect(cleared.opt_out).toMatchObject({ id, active: false, clear_reason: 'Asked for offers again', clear_evidence: 'Signed form #1' });
    expect(ok(await marketer.query('optOuts.list', { status: 'cleared' })).opt_outs).toContainEqual(cleared.opt_out);
    refused(await marketer.mutate('optOuts.clear', { id, reason: 'Again please', evidence: 'Form #2' }), 409, 'already_cleared');
  });

  it('an invalid number is refused on phone and records nothing; an analyst may neither record nor list', async () => {
    const before = await count('opt_outs');
    refused(await marketer.mutate('optOuts.record', { phone: '12345' }), 422, 'validation_failed', 'phone');
    refused(await analyst.mutate('optOuts.record', { phone: '0754300002' }), 403, 'forbidden');
    const listed = await analyst.query('optOuts.list', { status: 'all' });
    refused(listed, 403, 'forbidden');
    expect(JSON.stringify(listed)).not.toContain('754300001');
    expect(await count('opt_outs')).toBe(before);
  });
});

describe('contact imports', () => {
  const csv = 'name;phone\nAsha;0754400001\nFixed;0222123456\nJuma;0754400002\n';

  async function upload(client: TrpcClient, body: string): Promise<string> {
    const res = await client.agent.post('/v1/contact-imports?filename=people.csv').set('X-CSRF-Token', client.csrf).set('Content-Type', 'text/csv').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.import.id as string;
  }

  it('uploaded over REST, read and processed over tRPC to completed; the report link downloads with the session', async () => {
    const id = await upload(marketer, csv);
    const got = ok(await marketer.query('imports.get', { id }));
    expect(got).toEqual(await restData(marketer, `/v1/contact-imports/${id}`));
    expect(got).toMatchObject({ import: { state: 'uploaded', delimiter: 'semicolon', columns: ['name', 'phone'], rows: 3 }, sample: [['Asha', '0754400001'], ['Fixed', '0222123456'], ['Juma', '0754400002']] });
    expect(ok(await marketer.query('imports.list', {}))).toEqual(await restData(marketer, '/v1/contact-imports'));
    refused(await marketer.query('imports.invalidRowsLink', { id }), 409, 'import_not_ready');

    refused(await marketer.mutate('imports.process', { id, phone_column: 'simu' }), 422, 'validation_failed', 'phone_column');
    refused(await marketer.mutate('imports.process', { id, phone_column: 'phone', group_id: crypto.randomUUID(), group_name: 'Both' }), 400, 'validation_failed', 'group_name');
    refused(await analyst.mutate('imports.process', { id, phone_column: 'phone' }), 403, 'forbidden');
    expect(await env.sql('select state, group_id from contact_imports where id = ?', [id])).toEqual([{ state: 'uploaded', group_id: null }]);

    const queued = ok(await marketer.mutate('imports.process', { id, phone_column: 'phone', name_column: 'name', group_name: 'Imported' }));
    expect(queued.import).toMatchObject({ id, state: 'queued', mapping: expect.objectContaining({ phone_column: 'phone', name_column: 'name' }) });
    await drainJobs(env);
    const done = ok(await marketer.query('imports.get', { id }));
    expect(done.import).toMatchObject({ state: 'completed', counts: expect.objectContaining({ processed: 3, created: 2, invalid: 1 }) });
    expect(done).toEqual(await restData(marketer, `/v1/contact-imports/${id}`));

    const link = ok(await marketer.query('imports.invalidRowsLink', { id }));
    expect(link).toEqual({ url: `/v1/contact-imports/${id}/invalid-rows.csv` });
    const report = await marketer.agent.get(link.url);
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/text\/csv/);
    const lines = report.text.trim().split('\n');
    expect(lines[0]).toMatch(/^line,phone \(a ' was put before cells .*\),reason$/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['3']);
  });

  it('the link of an unknown import is NOT_FOUND; an analyst gets no link and no sample', async () => {
    refused(await marketer.query('imports.invalidRowsLink', { id: crypto.randomUUID() }), 404, 'not_found');
    refused(await marketer.query('imports.invalidRowsLink', { id: 'nope' }), 400, 'validation_failed', 'id');
    const [imp] = await env.sql<{ id: string }>('select id from contact_imports where organization_id = ? limit 1', [org.id]);
    refused(await analyst.query('imports.invalidRowsLink', { id: imp!.id }), 403, 'forbidden');
    const got = await analyst.query('imports.get', { id: imp!.id });
    refused(got, 403, 'forbidden');
    expect(JSON.stringify(got)).not.toContain('754400001');
  });
});
