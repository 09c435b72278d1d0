// Contact fields and the import template over tRPC: the same answers as REST, refusals with code and field,
// the old whole-file consent refused as over REST, and the template's link.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
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

describe('contact fields over tRPC', () => {
  it('define, list, set on a contact, search, rename and delete answer what REST answers', async () => {
    const { field } = ok(await marketer.mutate('contactFields.define', { name: 'Mji' }));
    refused(await marketer.mutate('contactFields.define', { name: 'mji' }), 409, 'contact_field_name_taken', 'name');
    refused(await analyst.mutate('contactFields.define', { name: 'Duka' }), 403, 'forbidden');
    expect(ok(await marketer.query('contactFields.list'))).toEqual((await marketer.agent.get('/v1/contact-fields')).body.data);

    const { contact } = ok(await marketer.mutate('contacts.create', { phone: '0754400001' }));
    const set = ok(await marketer.mutate('contacts.setFields', { id: contact.id, values: [{ field_id: field.id, value: 'Tanga' }] }));
    expect(set.contact.fields).toEqual([{ id: field.id, name: 'Mji', value: 'Tanga' }]);
    refused(await marketer.mutate('contacts.setFields', { id: contact.id, values: [] }), 400, 'validation_failed', 'values');
    const found = ok(await marketer.query('contacts.list', { field_id: field.id, field_value: 'tanga' }));
    expect(found.contacts.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    expect(found).toEqual((await marketer.agent.get('/v1/contacts').query({ field_id: field.id, field_value: 'tanga' })).body.data);

    expect(ok(await marketer.mutate('contactFields.rename', { id: field.id, name: 'Mkoa' })).field.name).toBe('Mkoa');
    expect(ok(await marketer.mutate('contactFields.delete', { id: field.id }))).toEqual({ id: field.id, deleted: true });
    expect(ok(await marketer.query('contacts.get', { id: contact.id })).contact.fields).toEqual([]);
  });

  it('the template link points at the REST download', async () => {
    expect(ok(await marketer.query('imports.templateLink'))).toEqual({ url: '/v1/contact-imports/template.csv' });
  });

  it('refuses whole-file consent without the typed phrase, as REST does', async () => {
    const up = await marketer.agent.post('/v1/contact-imports?filename=a.csv').set('X-CSRF-Token', marketer.csrf).set('Content-Type', 'text/csv').send('phone\n0754400011\n');
    expect(up.status).toBe(201);
    const id = up.body.data.import.id as string;
    refused(await marketer.mutate('imports.process', { id, phone_column: 'phone', consent: { note: 'agreed' } }), 422, 'consent_confirmation_required', 'consent.confirmation');
    expect(ok(await marketer.mutate('imports.process', { id, phone_column: 'phone', consent: { note: 'agreed', confirmation: 'CONSENT FOR ALL' } })).import.state).toBe('queued');
  });
});
