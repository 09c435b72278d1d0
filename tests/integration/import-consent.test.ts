// Consent at import, row by row from a consent column, or for the whole file only with a typed phrase; checked in
// the database after the real upload, processing request and job.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { CONSENT_COLUMN_RULE, WHOLE_FILE_CONSENT_PHRASES } from '../../core/domain/import-consent.ts';
import { setupTestEnv, type TestEnv } from '../support/app.ts';
import { imported, orgWithOwner, requestProcessing, uploadCsv } from '../support/imports.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

const consentRows = (orgId: string) =>
  env.sql<{ phone: string; note: string | null; evidence: string | null; source: string; import_id: string }>(
    "select phone, note, evidence, source, import_id from consent_records where organization_id = ? and action = 'consent_recorded' order by phone",
    [orgId],
  );

describe('a consent column', () => {
  it('records consent for yes, ndiyo, 1 and TRUE (the row as evidence), none for no, hapana, 0 and blank, and refuses maybe', async () => {
    const { org, owner } = await orgWithOwner(env);
    const csv = [
      'simu,jina,ridhaa',
      '0754100001,Asha,yes',
      '0754100002,Baraka, Ndiyo ',
      '0754100003,Chausiku,1',
      '0754100004,Daudi,TRUE',
      '0754100005,Eliya,no',
      '0754100006,Fatuma,hapana',
      '0754100007,Gift,0',
      '0754100008,Halima,',
      '0754100009,Idd,maybe',
    ].join('\n');
    const imp = await imported(env, owner, csv, { phone_column: 'simu', name_column: 'jina', consent_column: 'ridhaa' });
    expect(imp.counts).toMatchObject({ processed: 9, created: 8, invalid: 1, consent_recorded: 4 });
    expect(await consentRows(org.id)).toEqual([
      { phone: '+255754100001', note: 'Consent column "ridhaa" of a contact import', evidence: 'line 2, column "ridhaa": yes', source: 'import', import_id: imp.id },
      { phone: '+255754100002', note: 'Consent column "ridhaa" of a contact import', evidence: 'line 3, column "ridhaa": ndiyo', source: 'import', import_id: imp.id },
      { phone: '+255754100003', note: 'Consent column "ridhaa" of a contact import', evidence: 'line 4, column "ridhaa": 1', source: 'import', import_id: imp.id },
      { phone: '+255754100004', note: 'Consent column "ridhaa" of a contact import', evidence: 'line 5, column "ridhaa": true', source: 'import', import_id: imp.id },
    ]);
    // The contacts without consent exist, with no consent shown.
    const listed = (await owner.agent.get('/v1/contacts')).body.data.contacts as { phone: string; consent: unknown }[];
    expect(listed.filter((c) => c.consent === null).map((c) => c.phone).sort()).toEqual(['+255754100005', '+255754100006', '+255754100007', '+255754100008']);
    // The row that says maybe is invalid, and the report says which values are allowed.
    const report = await owner.agent.get(`/v1/contact-imports/${imp.id}/invalid-rows.csv`);
    const lines = report.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^10,0754100009,/);
    expect(lines[1]).toContain('consent ""maybe"" is not a consent value: use ""yes"", ""ndiyo"", ""y"", ""1"", ""true"" for consent');
  });

  it('keeps the member\'s note, and leaves an existing consent and an opted-out number alone', async () => {
    const { org, owner } = await orgWithOwner(env);
    await owner.agent.post('/v1/contacts').set('X-CSRF-Token', owner.csrf).send({ phone: '0754100011', consent: { note: 'paper form' } });
    await owner.agent.post('/v1/opt-outs').set('X-CSRF-Token', owner.csrf).send({ phone: '0754100012' });
    const csv = 'phone,consent\n0754100011,yes\n0754100012,y\n0754100013,Y\n';
    const imp = await imported(env, owner, csv, { phone_column: 'phone', consent_column: 'consent', consent_note: 'Ticked the box on the 2026 signup sheet' });
    expect(imp.counts).toMatchObject({ created: 2, existing: 1, opted_out: 1, consent_recorded: 1 });
    expect((await consentRows(org.id)).map((r) => [r.phone, r.note])).toEqual([
      ['+255754100011', 'paper form'],
      ['+255754100013', 'Ticked the box on the 2026 signup sheet'],
    ]);
    const [audit] = await env.sql<{ details: Record<string, unknown> }>("select details from audit_events where action = 'consent.recorded' and target_id = ?", [imp.id]);
    expect(audit!.details).toMatchObject({ contacts: 1, source: 'consent_column', column: 'consent' });
  });
});

describe('the OpenAPI document', () => {
  it('describes the consent column\'s values and the whole-file phrases on the processing request', async () => {
    const doc = (await request(env.app).get('/v1/openapi.json')).body;
    const body = doc.paths['/v1/contact-imports/{id}/process'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body.properties.consent_column)).toContain(JSON.stringify(CONSENT_COLUMN_RULE).slice(1, -1));
    for (const phrase of WHOLE_FILE_CONSENT_PHRASES) expect(JSON.stringify(body.properties.consent)).toContain(phrase);
  });
});

describe('consent for the whole file', () => {
  it('needs the typed phrase; the old note alone is refused with its own code and field, and nothing is queued', async () => {
    const { org, owner } = await orgWithOwner(env);
    const id = await uploadCsv(owner, 'phone\n0754100021\n');
    for (const consent of [{ note: 'agreed at the till' }, { note: 'agreed at the till', confirmation: 'consent for all' }]) {
      const res = await requestProcessing(owner, id, { phone_column: 'phone', consent });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'consent_confirmation_required', field: 'consent.confirmation' });
      expect(res.body.error.message).toContain('"CONSENT FOR ALL" or "RIDHAA KWA WOTE"');
    }
    expect(await env.sql('select count(*)::int as n from graphile_worker.jobs where key = ?', [`contact-import:${id}`])).toEqual([{ n: 0 }]);
    expect(await env.sql('select state from contact_imports where id = ?', [id])).toEqual([{ state: 'uploaded' }]);
    expect(await env.sql('select count(*)::int as n from audit_events where organization_id = ? and target_id = ?', [org.id, id])).toEqual([{ n: 0 }]);
  });

  it('cannot be combined with a consent column; a consent_note needs a consent column', async () => {
    const { owner } = await orgWithOwner(env);
    const id = await uploadCsv(owner, 'phone,ok\n0754100031,yes\n');
    const res = await requestProcessing(owner, id, { phone_column: 'phone', consent_column: 'ok', consent: { note: 'n', confirmation: 'CONSENT FOR ALL' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'consent' });
    const note = await requestProcessing(owner, id, { phone_column: 'phone', consent_note: 'signup sheet' });
    expect(note.status).toBe(422);
    expect(note.body.error).toMatchObject({ code: 'validation_failed', field: 'consent_note' });
    expect(await env.sql('select state from contact_imports where id = ?', [id])).toEqual([{ state: 'uploaded' }]);
  });

  it('with RIDHAA KWA WOTE records consent for every row, and the audit says who, which file and how many rows', async () => {
    const { org, owner } = await orgWithOwner(env);
    const imp = await imported(env, owner, 'phone\n0754100041\n0754100042\n0754100043\n', {
      phone_column: 'phone',
      consent: { note: 'Signed up at the trade fair stand', confirmation: 'RIDHAA KWA WOTE' },
    });
    expect(imp.counts.consent_recorded).toBe(3);
    expect((await consentRows(org.id)).map((r) => [r.note, r.evidence])).toEqual(Array(3).fill(['Signed up at the trade fair stand', null]));
    const audit = await env.sql<{ actor_type: string; actor_id: string; details: Record<string, unknown> }>(
      "select actor_type, actor_id, details from audit_events where action = 'consent.whole_file_confirmed' and target_id = ?",
      [imp.id],
    );
    expect(audit).toEqual([
      {
        actor_type: 'member',
        actor_id: org.members.owner!.id,
        details: { filename: 'wateja.csv', rows: 3, note: 'Signed up at the trade fair stand', confirmation: 'RIDHAA KWA WOTE' },
      },
    ]);
  });
});

describe('the invalid-rows report', () => {
  it('says in its first line why cells start with an apostrophe, and still reads as three columns', async () => {
    const { owner } = await orgWithOwner(env);
    const imp = await imported(env, owner, 'phone\n+255222123456\n', { phone_column: 'phone' });
    const report = await owner.agent.get(`/v1/contact-imports/${imp.id}/invalid-rows.csv`);
    const [header, row] = report.text.trim().split(/\r?\n/);
    expect(header).toBe("line,phone (a ' was put before cells starting with = + - or @ so that spreadsheets do not run them as formulas),reason");
    expect(row).toMatch(/^2,'\+255222123456,[^,]/);
  });
});
