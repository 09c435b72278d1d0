// Contact imports over HTTP: upload rules, processing into contacts and a group, counts, report, refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, drainJobs, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

type Session = Awaited<ReturnType<typeof signInAs>>;

async function freshOrg(members: Record<string, 'owner' | 'analyst' | 'marketer'> = { owner: 'owner' }) {
  const org = await createOrg(env, { members });
  return { org, owner: await signInAs(env, org.members.owner!) };
}

function upload(s: Session, body: string | Buffer, filename = 'people.csv', type = 'text/csv') {
  return s.agent.post(`/v1/contact-imports?filename=${encodeURIComponent(filename)}`).set('X-CSRF-Token', s.csrf).set('Content-Type', type).send(body);
}

function processImport(s: Session, id: string, body: object) {
  return s.agent.post(`/v1/contact-imports/${id}/process`).set('X-CSRF-Token', s.csrf).send(body);
}

async function uploaded(s: Session, csv: string | Buffer) {
  const res = await upload(s, csv);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.import.id as string;
}

describe('upload', () => {
  it.each([
    ['comma', 'name,phone\nAsha,0754123456\n'],
    ['semicolon', 'name;phone\nAsha;0754123456\n'],
    ['tab', 'name\tphone\nAsha\t0754123456\n'],
  ])('detects the %s delimiter from the header', async (delimiter, csv) => {
    const { owner } = await freshOrg();
    const res = await upload(owner, csv);
    expect(res.status).toBe(201);
    expect(res.body.data.import).toMatchObject({ state: 'uploaded', delimiter, columns: ['name', 'phone'], rows: 1, filename: 'people.csv' });
    expect(res.body.data.sample).toEqual([['Asha', '0754123456']]);
  });

  it('accepts a byte-order mark and quoted fields with embedded delimiters, quotes and newlines', async () => {
    const { owner } = await freshOrg();
    const csv = '\uFEFFname,phone,notes\r\n"Mwajuma, ""Mama"" Ali",0754123456,"line one\r\nline two"\r\nJuma,0754123457,plain\r\n';
    const res = await upload(owner, csv);
    expect(res.status).toBe(201);
    expect(res.body.data.import.columns).toEqual(['name', 'phone', 'notes']);
    expect(res.body.data.sample).toEqual([
      ['Mwajuma, "Mama" Ali', '0754123456', 'line one\r\nline two'],
      ['Juma', '0754123457', 'plain'],
    ]);
  });

  it.each([
    ['not UTF-8', Buffer.concat([Buffer.from('name,phone\nAsha,0754123456\nJos'), Buffer.from([0xe9]), Buffer.from(',0754123457\n')]), 3],
    ['a NUL', 'name,phone\nAsha,0754123456\nJuma,07541\u000023457\n', 3],
    ['broken quoting', 'name,phone\n"Asha,0754123456\n', 2],
    ['text after a closing quote', 'name,phone\n"Asha"x,0754123456\n', 2],
  ])('a file with %s is 422 invalid_csv naming the line, and keeps nothing', async (_label, body, line) => {
    const { org, owner } = await freshOrg();
    const res = await upload(owner, body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_csv');
    expect(res.body.error.message).toMatch(new RegExp(`[Ll]ine ${line}\\b`));
    const [imp] = await env.sql<{ id: string; state: string }>('select id, state from contact_imports where organization_id = ?', [org.id]);
    expect(imp!.state).toBe('failed');
    expect(await env.sql('select count(*)::int as n from contact_import_rows where import_id = ?', [imp!.id])).toEqual([{ n: 0 }]);
    expect(await env.sql('select count(*)::int as n from contacts where organization_id = ?', [org.id])).toEqual([{ n: 0 }]);
  });

  it('an empty file is 422 invalid_csv and does not count towards the day', async () => {
    const { org, owner } = await freshOrg();
    const res = await upload(owner, '');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_csv');
    expect(await env.sql('select counted from contact_imports where organization_id = ?', [org.id])).toEqual([{ counted: false }]);
  });

  it('a file over 25 MiB is 413 import_too_large (by Content-Length, before reading)', async () => {
    const { owner } = await freshOrg();
    const res = await owner.agent
      .post('/v1/contact-imports?filename=big.csv')
      .set('X-CSRF-Token', owner.csrf)
      .set('Content-Type', 'text/csv')
      .set('Content-Length', String(25 * 1024 * 1024 + 1))
      .send('name,phone\n');
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('import_too_large');
  });

  it('a file that streams past 25 MiB is 413 import_too_large and leaves no rows', async () => {
    const { org, owner } = await freshOrg();
    const row = `Mteja,0754123456,${'x'.repeat(480)}\n`;
    const big = 'name,phone,notes\n' + row.repeat(Math.ceil((25 * 1024 * 1024) / row.length) + 10);
    const res = await upload(owner, big);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('import_too_large');
    expect(await env.sql('select count(*)::int as n from contact_import_rows r join contact_imports i on i.id = r.import_id where i.organization_id = ?', [org.id])).toEqual([{ n: 0 }]);
  }, 60_000);

  it('more than 50 columns or a value over 500 characters is 413 import_too_large', async () => {
    const { owner } = await freshOrg();
    const wide = Array.from({ length: 51 }, (_, i) => `c${i}`).join(',') + '\n';
    expect((await upload(owner, wide)).body.error.code).toBe('import_too_large');
    const long = `name,phone\n${'n'.repeat(501)},0754123456\n`;
    expect((await upload(owner, long)).body.error.code).toBe('import_too_large');
  });

  it.each([
    ['a content type other than text/csv', (s: Session) => upload(s, 'name,phone\n', 'a.csv', 'application/json'), 400, 'invalid_request'],
    ['no filename', (s: Session) => s.agent.post('/v1/contact-imports').set('X-CSRF-Token', s.csrf).set('Content-Type', 'text/csv').send('a\n'), 422, 'validation_failed'],
    ['a filename over 200 characters', (s: Session) => upload(s, 'a\n', 'f'.repeat(201)), 422, 'validation_failed'],
    ['no CSRF token', (s: Session) => s.agent.post('/v1/contact-imports?filename=a.csv').set('Content-Type', 'text/csv').send('a\n'), 403, 'forbidden'],
  ])('%s is refused', async (_label, send, status, code) => {
    const { org, owner } = await freshOrg();
    const res = await send(owner);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await env.sql('select count(*)::int as n from contact_imports where organization_id = ?', [org.id])).toEqual([{ n: 0 }]);
  });

  it('API keys cannot upload; members without imports.write are forbidden', async () => {
    const { org } = await freshOrg({ owner: 'owner', analyst: 'analyst' });
    const key = await request(env.app).post('/v1/contact-imports?filename=a.csv').set(bearer(org.keys.live!.secret)).set('Content-Type', 'text/csv').send('a\n');
    expect(key.body.error.code).toBe('insufficient_scope');
    const analyst = await signInAs(env, org.members.analyst!);
    expect((await upload(analyst, 'a\n')).body.error.code).toBe('forbidden');
  });

  it('20 counted uploads in 24 hours, then 429 import_limit_reached with Retry-After; a day later uploads work again', async () => {
    const { org, owner } = await freshOrg();
    await env.sql(
      `insert into contact_imports (id, organization_id, state, filename, counted, created_at)
       select gen_random_uuid(), ?, 'expired', 'old.csv', true, ? from generate_series(1, 20)`,
      [org.id, new Date('2026-11-22T08:00:00Z')],
    );
    const refused = await upload(owner, 'name,phone\nAsha,0754123456\n');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('import_limit_reached');
    expect(Number(refused.headers['retry-after'])).toBe(23 * 3600);
    env.clock.advance(23 * 3600_000 + 1000);
    try {
      expect((await upload(owner, 'name,phone\nAsha,0754123456\n')).status).toBe(201);
    } finally {
      env.clock.advance(-(23 * 3600_000 + 1000));
    }
  });
});

describe('processing', () => {
  it('imports into a new group with consent: counts created, existing, duplicate, invalid, opted_out, consent_recorded', async () => {
    const { org, owner } = await freshOrg();
    const existing = await owner.agent.post('/v1/contacts').set('X-CSRF-Token', owner.csrf).send({ phone: '0754000001', consent: { note: 'paper form' } });
    expect(existing.status).toBe(201);
    await owner.agent.post('/v1/opt-outs').set('X-CSRF-Token', owner.csrf).send({ phone: '0754000003' });
    const csv = [
      'name,phone,city',
      'Existing,0754000001,Dar',
      'New One,0754000002,Dar',
      'Opted,0754000003,Arusha',
      'Again,+255 754 000 002,Dar',
      'Fixed line,0222123456,Dar',
      'Too few,0754000004',
      'New Two,255754000005,Mwanza',
    ].join('\n');
    const id = await uploaded(owner, csv);
    const queued = await processImport(owner, id, { phone_column: 'phone', name_column: 'name', group_name: 'Dukani', consent: { note: 'agreed at the till', confirmation: 'CONSENT FOR ALL' } });
    expect(queued.status).toBe(202);
    expect(queued.body.data.import.state).toBe('queued');
    await drainJobs(env);
    const got = await owner.agent.get(`/v1/contact-imports/${id}`);
    expect(got.body.data.import.state).toBe('completed');
    expect(got.body.data.import.counts).toEqual({ processed: 7, created: 3, existing: 1, duplicate: 1, invalid: 2, opted_out: 1, consent_recorded: 2 });
    const groups = await owner.agent.get('/v1/groups');
    expect(groups.body.data.groups).toEqual([expect.objectContaining({ name: 'Dukani', members: 4 })]);
    const contacts = (await owner.agent.get('/v1/contacts')).body.data.contacts as { phone: string; name: string | null; consent: { note: string } | null }[];
    const byPhone = Object.fromEntries(contacts.map((c) => [c.phone, c]));
    expect(byPhone['+255754000001']!.consent!.note).toBe('paper form');
    expect(byPhone['+255754000002']).toMatchObject({ name: 'New One', consent: { note: 'agreed at the till', source: 'import' } });
    expect(byPhone['+255754000003']!.consent).toBeNull();
    expect(await env.sql("select count(*)::int as n from contacts where organization_id = ?", [org.id])).toEqual([{ n: 4 }]);
  });

  it('the invalid-rows report lists each invalid row with its line and reason, escaped against formulas', async () => {
    const { owner } = await freshOrg();
    const id = await uploaded(owner, 'phone,name\n+255222123456,Fixed\n0754000010,Good\n=1+1,Formula\nonly-one-value\n');
    await processImport(owner, id, { phone_column: 'phone' });
    await drainJobs(env);
    const report = await owner.agent.get(`/v1/contact-imports/${id}/invalid-rows.csv`);
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/text\/csv/);
    const lines = report.text.trim().split('\n');
    expect(lines[0]).toMatch(/^line,phone \(a ' was put before cells starting with = \+ - or @ .*\),reason$/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['2', '4', '5']);
    expect(lines[1]).toMatch(/^2,'\+255222123456,/);
    expect(lines[2]).toMatch(/^4,'=1\+1,/);
    expect(lines[3]).toMatch(/wrong number of values/);
  });

  it('after processing only the phone cell of each row is kept, cut to 32 characters', async () => {
    const { owner } = await freshOrg();
    const id = await uploaded(owner, `name,phone\nAsha,0754000020\nLong,${'9'.repeat(40)}\n`);
    await processImport(owner, id, { phone_column: 'phone', name_column: 'name' });
    await drainJobs(env);
    const rows = await env.sql<{ cells: string[] | null; phone_cell: string }>('select cells, phone_cell from contact_import_rows where import_id = ? order by row_no', [id]);
    expect(rows).toEqual([
      { cells: null, phone_cell: '0754000020' },
      { cells: null, phone_cell: '9'.repeat(32) },
    ]);
    expect((await owner.agent.get(`/v1/contact-imports/${id}`)).body.data.sample).toEqual([]);
  });

  it.each([
    [{ phone_column: 'mobile' }, 'phone_column'],
    [{ phone_column: 'phone', name_column: 'full name' }, 'name_column'],
    [{ phone_column: 'phone', group_id: '00000000-0000-7000-8000-000000000000' }, 'group_id'],
    [{ phone_column: 'phone', group_name: '' }, 'group_name'],
    [{ phone_column: 'phone', extra: true }, 'extra'],
  ])('a bad process body %j is 422 field %s and the import stays uploaded', async (body, field) => {
    const { owner } = await freshOrg();
    const id = await uploaded(owner, 'name,phone\nAsha,0754000030\n');
    const res = await processImport(owner, id, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
    expect((await owner.agent.get(`/v1/contact-imports/${id}`)).body.data.import.state).toBe('uploaded');
  });

  it('only an uploaded import can be processed (409 import_not_ready), one at a time (409 import_in_progress)', async () => {
    const { owner } = await freshOrg();
    const first = await uploaded(owner, 'phone\n0754000040\n');
    expect((await processImport(owner, first, { phone_column: 'phone' })).status).toBe(202);
    const again = await processImport(owner, first, { phone_column: 'phone' });
    expect(again.body.error.code).toBe('import_not_ready');
    const second = await upload(owner, 'phone\n0754000041\n');
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('import_in_progress');
    await drainJobs(env);
    expect((await upload(owner, 'phone\n0754000041\n')).status).toBe(201);
  });

  it('a group name already taken is 409 group_name_taken and nothing is queued', async () => {
    const { owner } = await freshOrg();
    await owner.agent.post('/v1/groups').set('X-CSRF-Token', owner.csrf).send({ name: 'VIP' });
    const id = await uploaded(owner, 'phone\n0754000050\n');
    const res = await processImport(owner, id, { phone_column: 'phone', group_name: 'vip' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('group_name_taken');
    expect(await env.sql("select count(*)::int as n from graphile_worker.jobs where key = ?", [`contact-import:${id}`])).toEqual([{ n: 0 }]);
  });
});

describe('retention', () => {
  it('an unprocessed upload expires after 24 hours; processed rows are purged 30 days after upload, counts kept', async () => {
    const { org, owner } = await freshOrg();
    const stale = await uploaded(owner, 'phone\n0754000060\n');
    const done = await uploaded(owner, 'phone\n0754000061\n');
    await processImport(owner, done, { phone_column: 'phone' });
    await drainJobs(env);
    const { runDueTransitions } = await import('../../core/app/tick.ts');
    env.clock.advance(24 * 3600_000 + 1000);
    try {
      await runDueTransitions(await env.ctx());
      // Sessions last a day: sign in again at the new time.
      let later = await signInAs(env, org.members.owner!);
      const expired = (await later.agent.get(`/v1/contact-imports/${stale}`)).body.data.import;
      expect(expired.state).toBe('expired');
      expect(await env.sql('select count(*)::int as n from contact_import_rows where import_id = ?', [stale])).toEqual([{ n: 0 }]);
      env.clock.advance(29 * 86_400_000);
      await runDueTransitions(await env.ctx());
      later = await signInAs(env, org.members.owner!);
      const purged = (await later.agent.get(`/v1/contact-imports/${done}`)).body.data.import;
      expect(purged).toMatchObject({ state: 'completed', filename: null, columns: null, counts: expect.objectContaining({ processed: 1, created: 1 }) });
      expect(purged.purged_at).not.toBeNull();
      expect(await env.sql('select count(*)::int as n from contact_import_rows where import_id = ?', [done])).toEqual([{ n: 0 }]);
    } finally {
      env.clock.set(new Date('2026-11-22T09:00:00Z'));
    }
  });
});
