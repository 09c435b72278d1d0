// Contact fields: defined, renamed and deleted (values with them, audited), at most 10, set on a contact and shown
// with it, searched by value; extra import columns kept as fields, unmapped ones reported; the import template.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestEnv, type TestEnv } from '../support/app.ts';
import { imported, orgWithOwner, requestProcessing, uploadCsv, type Session } from '../support/imports.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

const send = (s: Session, method: 'post' | 'patch' | 'delete', path: string, body?: object) => s.agent[method](path).set('X-CSRF-Token', s.csrf).send(body);

async function defineField(s: Session, name: string): Promise<string> {
  const res = await send(s, 'post', '/v1/contact-fields', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.field.id as string;
}

const phonesOf = (res: { body: { data: { contacts: { phone: string }[] } } }) => res.body.data.contacts.map((c) => c.phone).sort();

describe('contact fields', () => {
  it('are at most 10 per organization, named letters, digits and spaces, unique ignoring case', async () => {
    const { owner } = await orgWithOwner(env);
    await defineField(owner, 'Mji');
    expect((await send(owner, 'post', '/v1/contact-fields', { name: ' MJI ' })).body.error).toMatchObject({ code: 'contact_field_name_taken', field: 'name' });
    for (const name of ['town/city', '', 'x'.repeat(41), 'Phone']) {
      expect((await send(owner, 'post', '/v1/contact-fields', { name })).body.error, name).toMatchObject({ code: 'validation_failed', field: 'name' });
    }
    for (let i = 2; i <= 10; i++) await defineField(owner, `Sehemu ${i}`);
    const eleventh = await send(owner, 'post', '/v1/contact-fields', { name: 'Duka' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('too_many_contact_fields');
    expect((await owner.agent.get('/v1/contact-fields')).body.data.fields).toHaveLength(10);
  });

  it('are set on a contact, shown with it, searched by value, renamed, and deleted with their values (audited)', async () => {
    const { org, owner } = await orgWithOwner(env);
    const town = await defineField(owner, 'Mji');
    const shop = await defineField(owner, 'Duka');
    const ids: string[] = [];
    for (const [phone, mji] of [['0754200001', 'Arusha'], ['0754200002', 'Dar es Salaam'], ['0754200003', 'arusha']]) {
      const c = await send(owner, 'post', '/v1/contacts', { phone });
      ids.push(c.body.data.contact.id);
      const set = await send(owner, 'patch', `/v1/contacts/${c.body.data.contact.id}/fields`, { values: [{ field_id: town, value: mji }, { field_id: shop, value: 'Kariakoo' }] });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    const shown = (await owner.agent.get(`/v1/contacts/${ids[1]}`)).body.data.contact;
    expect(shown.fields).toEqual([
      { id: shop, name: 'Duka', value: 'Kariakoo' },
      { id: town, name: 'Mji', value: 'Dar es Salaam' },
    ]);
    expect(phonesOf(await owner.agent.get('/v1/contacts').query({ field_id: town, field_value: 'ARUSHA' }))).toEqual(['+255754200001', '+255754200003']);
    expect(phonesOf(await owner.agent.get('/v1/contacts').query({ field_id: town, field_value: 'salaam', field_match: 'contains' }))).toEqual(['+255754200002']);
    expect(phonesOf(await owner.agent.get('/v1/contacts').query({ field_value: 'kariakoo', search: '0754200002' }))).toEqual(['+255754200002']);
    // Clearing one value leaves the others.
    await send(owner, 'patch', `/v1/contacts/${ids[0]}/fields`, { values: [{ field_id: town, value: null }] });
    expect(phonesOf(await owner.agent.get('/v1/contacts').query({ field_id: town, field_value: 'arusha' }))).toEqual(['+255754200003']);

    expect((await send(owner, 'patch', `/v1/contact-fields/${town}`, { name: 'Mkoa' })).body.data.field.name).toBe('Mkoa');
    expect((await send(owner, 'delete', `/v1/contact-fields/${town}`)).body.data).toEqual({ id: town, deleted: true });
    expect(await env.sql('select count(*)::int as n from contact_field_values where field_id = ?', [town])).toEqual([{ n: 0 }]);
    expect(await env.sql('select count(*)::int as n from contact_field_values where field_id = ?', [shop])).toEqual([{ n: 3 }]);
    const [audit] = await env.sql<{ details: Record<string, unknown> }>("select details from audit_events where organization_id = ? and action = 'contact_field.deleted'", [org.id]);
    expect(audit!.details).toEqual({ name: 'Mkoa', values_deleted: 2 });
  });

  it('refuses a field of another organization on a contact, and a search by a field without a value', async () => {
    const { owner } = await orgWithOwner(env);
    const { owner: other } = await orgWithOwner(env);
    const foreign = await defineField(other, 'Mji');
    const c = await send(owner, 'post', '/v1/contacts', { phone: '0754200011' });
    const res = await send(owner, 'patch', `/v1/contacts/${c.body.data.contact.id}/fields`, { values: [{ field_id: foreign, value: 'Moshi' }] });
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'values.0.field_id' });
    expect((await owner.agent.get('/v1/contacts').query({ field_id: foreign })).body.error).toMatchObject({ code: 'validation_failed', field: 'field_value' });
  });
});

describe('extra columns of an import', () => {
  it('become contact fields (a new one and an existing one), searchable after; a column neither mapped nor ignored is reported', async () => {
    const { owner } = await orgWithOwner(env);
    const shop = await defineField(owner, 'Duka');
    const csv = 'phone,name,town,shop,notes,age\n0754300001,Neema,Moshi,Mwenge,vip,30\n0754300002,Baraka,Arusha,,,41\n';
    const imp = await imported(env, owner, csv, {
      phone_column: 'phone',
      name_column: 'name',
      field_columns: [{ column: 'town', new_field: 'Town' }, { column: 'shop', field_id: shop }],
      ignored_columns: ['notes'],
    });
    expect(imp.mapping).toMatchObject({ ignored_columns: ['notes'], unmapped_columns: ['age'] });
    const fields = (await owner.agent.get('/v1/contact-fields')).body.data.fields as { id: string; name: string }[];
    const town = fields.find((f) => f.name === 'Town')!.id;
    expect(phonesOf(await owner.agent.get('/v1/contacts').query({ field_id: town, field_value: 'moshi' }))).toEqual(['+255754300001']);
    const baraka = (await owner.agent.get('/v1/contacts').query({ field_id: town, field_value: 'Arusha' })).body.data.contacts[0];
    expect(baraka.fields).toEqual([{ id: town, name: 'Town', value: 'Arusha' }]);
  });

  it('cannot create a field past the limit of 10: 409 with the field at fault, nothing queued', async () => {
    const { owner } = await orgWithOwner(env);
    for (let i = 1; i <= 10; i++) await defineField(owner, `Sehemu ${i}`);
    const id = await uploadCsv(owner, 'phone,town\n0754300011,Moshi\n');
    for (const both of [{ column: 'town' }, { column: 'town', new_field: 'Town', field_id: crypto.randomUUID() }]) {
      expect((await requestProcessing(owner, id, { phone_column: 'phone', field_columns: [both] })).body.error).toMatchObject({ code: 'validation_failed', field: 'field_columns.0' });
    }
    const res = await requestProcessing(owner, id, { phone_column: 'phone', field_columns: [{ column: 'town', new_field: 'Town' }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'too_many_contact_fields', field: 'field_columns.0.new_field' });
    expect(await env.sql('select state from contact_imports where id = ?', [id])).toEqual([{ state: 'uploaded' }]);
  });
});

describe('the import template', () => {
  it('is UTF-8 with a byte-order mark: phone, name, consent and the fields, with two example rows', async () => {
    const { owner } = await orgWithOwner(env);
    await defineField(owner, 'Mji');
    const res = await owner.agent.get('/v1/contact-imports/template.csv').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.subarray(3).toString('utf8')).toBe('phone,name,consent,Mji\r\n0754000001,Asha Mrisho,ndiyo,\r\n0754000002,Juma Bakari,hapana,\r\n');
  });
});
