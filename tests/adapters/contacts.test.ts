// /v1/contacts over HTTP on the real database: phone forms and E.164, one contact per number, names,
// consent kept once recorded, groups of the organization only, search in every accepted form, masking
// without contacts.read, keyset paging, deletion keeping consent history and opt-outs, members only
// (API keys refused whatever their scopes), CSRF, 404 for unknown, malformed and foreign ids.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv, waitForLockWaiters, everyRoleSignedIn } from '../support/app.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

interface ContactView {
  id: string;
  phone: string;
  name: string | null;
  consent: { note: string; [k: string]: unknown } | null;
  opted_out: boolean;
  group_ids: string[];
  created_at: string;
  updated_at: string;
}

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
const s: Record<string, Session> = {};
let otherOwner: Session;

const T0 = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  env = await setupTestEnv();
  const fixture = await everyRoleSignedIn(env, ['messages:read']);
  ({ org, other, otherOwner } = fixture);
  Object.assign(s, fixture.sessions);
});

// Every number handed out is a distinct valid mobile number (from +255 754 100001 upward unless another range is asked for).
let serial = 0;
function nextNational(range = '754'): string {
  return `${range}${String(100000 + ++serial)}`;
}
const e164 = (national: string) => `+255${national}`;

const post = (who: Session, path: string, body: unknown) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body as object);
const patch = (who: Session, path: string, body: unknown) => who.agent.patch(path).set('X-CSRF-Token', who.csrf).send(body as object);
const del = (who: Session, path: string) => who.agent.delete(path).set('X-CSRF-Token', who.csrf);

async function createContact(who: Session, body: Record<string, unknown>): Promise<ContactView> {
  const res = await post(who, '/v1/contacts', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.contact as ContactView;
}

async function createGroup(who: Session, name: string): Promise<string> {
  const res = await post(who, '/v1/groups', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.group.id as string;
}

function expectError(res: request.Response, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  expect(Object.keys(res.body)).toEqual(['success', 'error']);
  if (field !== undefined) expect(res.body.error.field).toBe(field);
}

const consentRows = (orgId: string) =>
  env.sql<{ id: string; contact_id: string | null; action: string; source: string; note: string | null }>(
    'select id, contact_id, action, source, note from consent_records where organization_id = ? order by id',
    [orgId],
  );
const memberRows = (orgId: string) => env.sql('select group_id, contact_id from group_members where organization_id = ? order by group_id, contact_id', [orgId]);
/** Everything a refused request could have left behind in the organization's address book. */
const snapshot = async (orgId: string) => ({
  contacts: await env.sql('select * from contacts where organization_id = ? order by id', [orgId]),
  consent: await consentRows(orgId),
  members: await memberRows(orgId),
  groups: await env.sql('select id, name, member_count from groups where organization_id = ? order by id', [orgId]),
  audit: await env.sql('select id from audit_events where organization_id = ? order by id', [orgId]),
});

describe('POST /v1/contacts: phone forms', () => {
  it.each([
    ['+255…', (n: string) => `+255${n}`, '754'],
    ['255…', (n: string) => `255${n}`, '754'],
    ['0…', (n: string) => `0${n}`, '754'],
    ['+255 … with spaces', (n: string) => `+255 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, '713'],
    ['255 … with spaces', (n: string) => `255 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, '784'],
    ['0… with spaces', (n: string) => `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`, '621'],
    ['0… with spaces around', (n: string) => `  0${n} `, '655'],
  ])('the %s form is stored and shown in E.164', async (_label, form, range) => {
    const national = nextNational(range);
    const res = await post(s.marketer!, '/v1/contacts', { phone: form(national) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        contact: {
          id: expect.any(String),
          phone: e164(national),
          name: null,
          consent: null,
          opted_out: false,
          group_ids: [],
          fields: [],
          created_at: T0,
          updated_at: T0,
        },
      },
    });
    const rows = await env.sql('select id, phone from contacts where organization_id = ? and phone = ?', [org.id, e164(national)]);
    expect(rows).toEqual([{ id: res.body.data.contact.id, phone: e164(national) }]);
  });

  it.each([
    ['a Dar es Salaam fixed line', '022 212 3456'],
    ['a fixed line in +255 form', '+255 22 212 3456'],
    ['a Kenyan mobile', '+254712345678'],
    ['a Kenyan mobile without +', '254 712 345 678'],
    ['too short', '075412345'],
    ['too long', '07541234567'],
    ['letters', '0754abc456'],
    ['a dash', '0754-123-456'],
    ['a bare national number', '754123456'],
    ['the 00 international prefix', '00255754123456'],
    ['an empty string', ''],
    ['only spaces', '   '],
    ['a number type', 754123456],
    ['null', null],
  ])('%s is 422 validation_failed, field phone, and adds nothing', async (_label, phone) => {
    const before = await snapshot(org.id);
    const res = await post(s.marketer!, '/v1/contacts', { phone, name: 'Refused', consent: { note: 'said yes' } });
    expectError(res, 422, 'validation_failed', 'phone');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('a missing phone is 422 field phone', async () => {
    const res = await post(s.marketer!, '/v1/contacts', { name: 'No number' });
    expectError(res, 422, 'validation_failed', 'phone');
  });
});

describe('POST /v1/contacts: one contact per number', () => {
  it.each([
    ['+255…', (n: string) => `+255${n}`],
    ['255…', (n: string) => `255 ${n}`],
    ['0…', (n: string) => `0${n.slice(0, 3)} ${n.slice(3)}`],
  ])('the same number again in the %s form is 409 contact_exists (field phone) and changes nothing', async (_label, form) => {
    const national = nextNational();
    const groupId = await createGroup(s.marketer!, `dup ${national}`);
    const first = await createContact(s.marketer!, { phone: `0${national}`, name: 'First' });
    const before = await snapshot(org.id);
    const res = await post(s.marketer!, '/v1/contacts', { phone: form(national), name: 'Second', consent: { note: 'second consent' }, group_ids: [groupId] });
    expectError(res, 409, 'contact_exists', 'phone');
    expect(await snapshot(org.id)).toEqual(before);
    const got = await s.marketer!.agent.get(`/v1/contacts/${first.id}`);
    expect(got.body.data.contact).toEqual(first);
  });

  it('the same number in another organization is another contact', async () => {
    const national = nextNational();
    const mine = await createContact(s.marketer!, { phone: `0${national}` });
    const theirs = await createContact(otherOwner, { phone: `0${national}` });
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.phone).toBe(mine.phone);
  });

  it('two creations of one number at once give one 201, one 409 contact_exists, and one row', async () => {
    const national = nextNational();
    const forms = [`0${national}`, `+255 ${national}`];
    let pending: Promise<request.Response>[] = [];
    // Hold back inserts into contacts (SHARE blocks them, not reads) until both requests wait on the lock:
    // each has then passed whatever it checks before inserting.
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table contacts in share mode');
      pending = forms.map((phone, i) => post(s.marketer!, '/v1/contacts', { phone, name: `racer ${i}`, consent: { note: `race ${i}` } }).then((r) => r));
      await waitForLockWaiters(env, forms.length);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'contact_exists', 'phone');
    const winner = results.find((r) => r.status === 201)!.body.data.contact as ContactView;
    const rows = await env.sql('select id from contacts where organization_id = ? and phone = ?', [org.id, e164(national)]);
    expect(rows).toEqual([{ id: winner.id }]);
    const consent = await env.sql<{ contact_id: string; note: string }>(
      "select contact_id, note from consent_records where organization_id = ? and phone = ? and action = 'consent_recorded'",
      [org.id, e164(national)],
    );
    expect(consent).toEqual([{ contact_id: winner.id, note: winner.consent!.note }]);
  });
});


describe('POST /v1/contacts: name, consent, group_ids', () => {
  it('records name, consent and groups; the consent names who recorded it and when', async () => {
    const g1 = await createGroup(s.marketer!, 'Wateja');
    const g2 = await createGroup(s.marketer!, 'Mashabiki');
    const national = nextNational();
    const contact = await createContact(s.marketer!, { phone: `0${national}`, name: 'Amina Juma', consent: { note: 'Signed the form at the shop' }, group_ids: [g1, g2] });
    expect(contact).toEqual({
      id: expect.any(String),
      phone: e164(national),
      name: 'Amina Juma',
      consent: expect.objectContaining({ note: 'Signed the form at the shop' }),
      opted_out: false,
      group_ids: [g1, g2].sort(),
      fields: [],
      created_at: T0,
      updated_at: T0,
    });
    expect(contact.consent).toMatchObject({ source: 'manual', recorded_at: T0, recorded_by: { type: 'member', id: org.members.marketer!.id } });
    const consent = await env.sql('select contact_id, phone, action, source, note, actor_type, actor_id from consent_records where contact_id = ?', [contact.id]);
    expect(consent).toEqual([
      { contact_id: contact.id, phone: e164(national), action: 'consent_recorded', source: 'manual', note: 'Signed the form at the shop', actor_type: 'member', actor_id: org.members.marketer!.id },
    ]);
    const audit = await env.sql("select actor_type, actor_id, target_type, target_id, details from audit_events where action = 'consent.recorded' and target_id = ?", [contact.id]);
    expect(audit).toEqual([
      { actor_type: 'member', actor_id: org.members.marketer!.id, target_type: 'contact', target_id: contact.id, details: { note: 'Signed the form at the shop' } },
    ]);
    const groups = (await s.marketer!.agent.get('/v1/groups')).body.data.groups as { id: string; members: number }[];
    expect(groups.find((g) => g.id === g1)?.members).toBe(1);
    expect(groups.find((g) => g.id === g2)?.members).toBe(1);
  });

  it.each([
    ['100 characters', 'x'.repeat(100), 'x'.repeat(100)],
    ['null', null, null],
    ['an empty string (stored as no name)', '', null],
    ['absent', undefined, null],
  ])('a name of %s is accepted', async (_label, name, shown) => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), ...(name === undefined ? {} : { name }) });
    expect(contact.name).toBe(shown);
    const [row] = await env.sql<{ name: string | null }>('select name from contacts where id = ?', [contact.id]);
    expect(row?.name).toBe(shown);
  });

  it.each([
    ['a name of 101 characters', 'name', { name: 'x'.repeat(101) }],
    ['a name that is not a string', 'name', { name: 42 }],
    ['a consent without a note', 'consent.note', { consent: {} }],
    ['a consent with an empty note', 'consent.note', { consent: { note: '' } }],
    ['a consent that is a string', 'consent', { consent: 'yes' }],
    ['a consent with an unknown field', 'consent.by', { consent: { note: 'ok', by: 'me' } }],
    ['group_ids that is not an array', 'group_ids', { group_ids: 'all' }],
    ['a malformed group id', 'group_ids.0', { group_ids: ['not-a-uuid'] }],
    ['501 group ids', 'group_ids', { group_ids: Array.from({ length: 501 }, () => randomUUID()) }],
    ['an unknown field', 'email', { email: 'a@example.com' }],
  ])('%s is 422 validation_failed naming %s, and nothing is added', async (_label, field, extra) => {
    const before = await snapshot(org.id);
    const res = await post(s.marketer!, '/v1/contacts', { phone: e164(nextNational()), ...extra });
    expectError(res, 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('500 group ids (one group repeated) are accepted', async () => {
    const g = await createGroup(s.marketer!, 'Repeated');
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), group_ids: Array.from({ length: 500 }, () => g) });
    expect(contact.group_ids).toEqual([g]);
  });

  it("another organization's group is 422 validation_failed, field group_ids.N (its position), and nothing is added", async () => {
    const mine = await createGroup(s.marketer!, 'Mine for foreign test');
    const foreign = (await post(otherOwner, '/v1/groups', { name: 'Theirs' })).body.data.group.id as string;
    const before = await snapshot(org.id);
    const otherBefore = await snapshot(other.id);
    const res = await post(s.marketer!, '/v1/contacts', { phone: e164(nextNational()), consent: { note: 'yes' }, group_ids: [mine, foreign] });
    expectError(res, 422, 'validation_failed', 'group_ids.1');
    expect(await snapshot(org.id)).toEqual(before);
    expect(await snapshot(other.id)).toEqual(otherBefore);
  });

  it('an unknown group id is 422 validation_failed, field group_ids.0', async () => {
    const before = await snapshot(org.id);
    const res = await post(s.marketer!, '/v1/contacts', { phone: e164(nextNational()), group_ids: [randomUUID()] });
    expectError(res, 422, 'validation_failed', 'group_ids.0');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('the position named is the one in the request, even after a repeated id', async () => {
    const mine = await createGroup(s.marketer!, 'Mine for position test');
    const before = await snapshot(org.id);
    const res = await post(s.marketer!, '/v1/contacts', { phone: e164(nextNational()), group_ids: [mine, mine, randomUUID()] });
    expectError(res, 422, 'validation_failed', 'group_ids.2');
    expect(await snapshot(org.id)).toEqual(before);
  });
  it("an own group's id written in capital hex digits is that group", async () => {
    const mine = await createGroup(s.marketer!, 'Capital ids');
    const res = await post(s.marketer!, '/v1/contacts', { phone: e164(nextNational()), group_ids: [mine.toUpperCase()] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.contact.group_ids).toEqual([mine]);
  });
});

describe('GET /v1/contacts: search, group filter, paging, masking', () => {
  let book: OrgFixture;
  let marketer: Session;
  let analyst: Session;
  const numbers = {
    a: '+255754123456',
    b: '+255754129901',
    c: '+255754555501',
    d: '+255713123456',
    e: '+255784123456',
    f: '+255621000001',
  };
  const ids: Record<keyof typeof numbers, string> = { a: '', b: '', c: '', d: '', e: '', f: '' };
  let g1: string;
  let g2: string;

  beforeAll(async () => {
    book = await createOrg(env, { members: { marketer: 'marketer', analyst: 'analyst' }, keys: {} });
    marketer = await signInAs(env, book.members.marketer!);
    analyst = await signInAs(env, book.members.analyst!);
    g1 = await createGroup(marketer, 'Dar');
    g2 = await createGroup(marketer, 'Arusha');
    for (const key of Object.keys(numbers) as (keyof typeof numbers)[]) {
      const group_ids = key === 'a' || key === 'd' ? [g1] : key === 'c' ? [g2] : [];
      ids[key] = (await createContact(marketer, { phone: numbers[key], name: `Contact ${key}`, group_ids })).id;
    }
  });

  const phonesOf = (res: request.Response) => (res.body.data.contacts as ContactView[]).map((c) => c.phone).sort();
  const list = (who: Session, query: Record<string, string | number>) => who.agent.get('/v1/contacts').query(query);

  it('lists the organization\'s contacts, newest first, in the list envelope', async () => {
    const res = await marketer.agent.get('/v1/contacts');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['contacts', 'next_before']);
    expect((res.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.f, ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(res.body.data.next_before).toBeNull();
    expect(res.body.data.contacts[5]).toEqual({
      id: ids.a,
      phone: numbers.a,
      name: 'Contact a',
      consent: null,
      opted_out: false,
      group_ids: [g1],
      fields: [],
      created_at: T0,
      updated_at: T0,
    });
  });

  it.each([
    ['+255754', ['a', 'b', 'c']],
    ['+255 754', ['a', 'b', 'c']],
    ['+255 754 12', ['a', 'b']],
    ['255754', ['a', 'b', 'c']],
    ['255 754 1234', ['a']],
    ['0754', ['a', 'b', 'c']],
    ['0754 12', ['a', 'b']],
    ['754', ['a', 'b', 'c']],
    ['  754', ['a', 'b', 'c']],
    ['7541234', ['a']],
    ['+255754123456', ['a']],
    ['0754 123 456', ['a']],
    ['754123456', ['a']],
    ['713', ['d']],
    ['0713 1', ['d']],
    ['2557', ['a', 'b', 'c', 'd', 'e']],
    ['+2556', ['f']],
    ['6', ['f']],
    ['0', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['25', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['0755', []],
    ['+254', []],
    ['0754 123 456 0000000', []],
  ])('search %j finds the numbers starting so', async (search, expected) => {
    const res = await list(marketer, { search });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(phonesOf(res)).toEqual(expected.map((k) => numbers[k as keyof typeof numbers]).sort());
  });

  it.each([
    ['21 characters', '0754 123 456 00000000'],
    ['21 digits', '075412345600000000000'],
    ['letters', 'abc'],
    ['a dash', '0754-12'],
    ['a plus alone', '+'],
    ['two plus signs', '++255'],
    ['a plus inside', '754+1'],
    ['a percent sign', '754%'],
    ['an underscore', '754_'],
  ])('a search of %s is 422 validation_failed, field search', async (_label, search) => {
    const res = await list(marketer, { search });
    expectError(res, 422, 'validation_failed', 'search');
  });

  it('a member without contacts.read (DESIGN.md 5: analyst, developer, billing) reads no contact: 403 forbidden', async () => {
    for (const query of [{}, { search: '754' }, { group_id: g1 }] as Record<string, string>[]) expectError(await list(analyst, query), 403, 'forbidden');
    const one = await analyst.agent.get(`/v1/contacts/${ids.d}`);
    expectError(one, 403, 'forbidden');
    expect(JSON.stringify(one.body)).not.toContain('713');
  });

  it('group_id lists the members of that group only, and combines with search', async () => {
    const res = await list(marketer, { group_id: g1 });
    expect(res.status).toBe(200);
    expect((res.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.d, ids.a]);
    expect(phonesOf(await list(marketer, { group_id: g2 }))).toEqual([numbers.c]);
    expect(phonesOf(await list(marketer, { group_id: g1, search: '754' }))).toEqual([numbers.a]);
  });

  it("an unknown or another organization's group id lists nothing", async () => {
    const foreign = (await post(otherOwner, '/v1/groups', { name: 'Their Dar' })).body.data.group.id as string;
    await post(otherOwner, '/v1/contacts', { phone: numbers.a, group_ids: [foreign] });
    for (const group_id of [foreign, randomUUID()]) {
      const res = await list(marketer, { group_id });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ contacts: [], next_before: null });
    }
  });

  it('keyset paging: limit items a page, next_before the last id, null on the last page', async () => {
    const first = await list(marketer, { limit: 4 });
    expect((first.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.f, ids.e, ids.d, ids.c]);
    expect(first.body.data.next_before).toBe(ids.c);
    const second = await list(marketer, { limit: 4, before: ids.c });
    expect((second.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.b, ids.a]);
    expect(second.body.data.next_before).toBeNull();
    // Exactly a page's worth: no further page.
    const exact = await list(marketer, { limit: 6 });
    expect(exact.body.data.contacts).toHaveLength(6);
    expect(exact.body.data.next_before).toBeNull();
    // One at a time walks every contact once.
    const seen: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: request.Response = await list(marketer, before ? { limit: 1, before } : { limit: 1 });
      expect(res.body.data.contacts).toHaveLength(1);
      seen.push(res.body.data.contacts[0].id);
      before = res.body.data.next_before;
      if (before === null) break;
    }
    expect(seen).toEqual([ids.f, ids.e, ids.d, ids.c, ids.b, ids.a]);
    // Paging combines with search and group.
    const searched = await list(marketer, { search: '0754', limit: 2 });
    expect((searched.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.c, ids.b]);
    const rest = await list(marketer, { search: '0754', limit: 2, before: searched.body.data.next_before });
    expect((rest.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.a]);
    expect(rest.body.data.next_before).toBeNull();
    expect((await list(marketer, { limit: 100 })).status).toBe(200);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: 1.5 }, 'limit'],
    [{ before: 'not-a-uuid' }, 'before'],
    [{ group_id: 'dar' }, 'group_id'],
    [{ sort: 'name' }, 'sort'],
  ])('query %j is 422 validation_failed, field %s', async (query, field) => {
    expectError(await list(marketer, query), 422, 'validation_failed', field);
  });

  it("never lists another organization's contacts", async () => {
    const res = await otherOwner.agent.get('/v1/contacts').query({ limit: 100 });
    expect((res.body.data.contacts as ContactView[]).map((c) => c.id)).not.toEqual(expect.arrayContaining([ids.a]));
    const mine = await list(marketer, { search: numbers.a });
    expect((mine.body.data.contacts as ContactView[]).map((c) => c.id)).toEqual([ids.a]);
  });
});

describe('who may read and change contacts', () => {
  it.each(['owner', 'admin', 'marketer'] as const)('a signed-in %s (contacts.read) lists and gets contacts with full numbers', async (label) => {
    const national = nextNational();
    const contact = await createContact(s.owner!, { phone: `0${national}` });
    const listed = await s[label]!.agent.get('/v1/contacts').query({ limit: 100 });
    expect(listed.status).toBe(200);
    expect((listed.body.data.contacts as ContactView[]).find((c) => c.id === contact.id)?.phone).toBe(e164(national));
    const got = await s[label]!.agent.get(`/v1/contacts/${contact.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.contact.phone).toBe(e164(national));
  });

  it.each(['developer', 'analyst', 'billing'] as const)('a signed-in %s (no contacts.read) gets 403 forbidden listing or getting a contact', async (label) => {
    const contact = await createContact(s.owner!, { phone: e164(nextNational()) });
    expectError(await s[label]!.agent.get('/v1/contacts'), 403, 'forbidden');
    expectError(await s[label]!.agent.get(`/v1/contacts/${contact.id}`), 403, 'forbidden');
  });

  it.each(['developer', 'analyst', 'billing'] as const)('a signed-in %s without contacts.write gets 403 forbidden on every change, and nothing changes', async (label) => {
    const contact = await createContact(s.owner!, { phone: e164(nextNational()), name: 'Kept' });
    const before = await snapshot(org.id);
    const who = s[label]!;
    expectError(await post(who, '/v1/contacts', { phone: e164(nextNational()) }), 403, 'forbidden');
    expectError(await patch(who, `/v1/contacts/${contact.id}`, { name: 'Changed', consent: { note: 'x' } }), 403, 'forbidden');
    expectError(await del(who, `/v1/contacts/${contact.id}`), 403, 'forbidden');
    expect(await snapshot(org.id)).toEqual(before);
  });

  const routes: [string, (id: string) => [string, string, object | undefined]][] = [
    ['GET /v1/contacts', () => ['get', '/v1/contacts', undefined]],
    ['POST /v1/contacts', () => ['post', '/v1/contacts', { phone: '0754000111' }]],
    ['GET /v1/contacts/{id}', (id) => ['get', `/v1/contacts/${id}`, undefined]],
    ['PATCH /v1/contacts/{id}', (id) => ['patch', `/v1/contacts/${id}`, { name: 'Key' }]],
    ['DELETE /v1/contacts/{id}', (id) => ['delete', `/v1/contacts/${id}`, undefined]],
  ];

  it.each(routes.flatMap(([name, r]) => (['live', 'test', 'reader'] as const).map((key) => [name, key, r] as const)))(
    '%s with an API key (%s) is 403 insufficient_scope and changes nothing',
    async (_name, key, r) => {
      const contact = await createContact(s.owner!, { phone: e164(nextNational()), name: 'Key target' });
      const before = await snapshot(org.id);
      const [method, path, body] = r(contact.id);
      const req = request(env.app)[method as 'get'](path).set(bearer(org.keys[key]!.secret));
      const res = await (body ? req.send(body) : req);
      expectError(res, 403, 'insufficient_scope');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it.each(routes.map(([name, r]) => [name, r] as const))('%s without credentials is 401 unauthorized', async (_name, r) => {
    const [method, path, body] = r(randomUUID());
    const req = request(env.app)[method as 'get'](path);
    expectError(await (body ? req.send(body) : req), 401, 'unauthorized');
  });

  it.each(routes.filter(([name]) => !name.startsWith('GET')).flatMap(([name, r]) => [
    [name, 'missing', r] as const,
    [name, 'forged', r] as const,
    [name, "another session's", r] as const,
  ]))('%s with a %s X-CSRF-Token is 403 forbidden and changes nothing', async (_name, kind, r) => {
    const contact = await createContact(s.owner!, { phone: e164(nextNational()), name: 'CSRF target' });
    const before = await snapshot(org.id);
    const [method, path, body] = r(contact.id);
    let req = s.owner!.agent[method as 'post'](path);
    if (kind === 'forged') req = req.set('X-CSRF-Token', 'abc.def');
    if (kind === "another session's") req = req.set('X-CSRF-Token', s.admin!.csrf);
    const res = await (body ? req.send(body) : req);
    expectError(res, 403, 'forbidden');
    expect(await snapshot(org.id)).toEqual(before);
  });
});

describe('GET, PATCH, DELETE /v1/contacts/{id}: ids that are not found', () => {
  let foreignId: string;
  beforeAll(async () => {
    foreignId = (await createContact(otherOwner, { phone: e164(nextNational()), name: 'Theirs', consent: { note: 'their consent' } })).id;
  });

  const idOf = (kind: string) =>
    ({ 'an unknown': randomUUID(), 'a malformed': 'not-a-uuid', 'a numeric': '12345', 'a uuid-shaped but not hex': 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', "another organization's": foreignId })[kind]!;

  it.each((['get', 'patch', 'delete'] as const).flatMap((method) => ['an unknown', 'a malformed', 'a numeric', 'a uuid-shaped but not hex', "another organization's"].map((kind) => [method, kind] as const)))(
    '%s with %s id answers 404 not_found and changes nothing',
    async (method, kind) => {
      const before = await snapshot(other.id);
      const mine = await snapshot(org.id);
      const path = `/v1/contacts/${idOf(kind)}`;
      const res =
        method === 'get' ? await s.owner!.agent.get(path) : method === 'patch' ? await patch(s.owner!, path, { name: 'Hijacked', consent: null }) : await del(s.owner!, path);
      expectError(res, 404, 'not_found');
      expect(JSON.stringify(res.body)).not.toContain('Theirs');
      expect(await snapshot(other.id)).toEqual(before);
      expect(await snapshot(org.id)).toEqual(mine);
    },
  );
});

describe('PATCH /v1/contacts/{id}', () => {
  it('a name is set, "" clears it, null clears it, an absent name leaves it', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), name: 'Original' });
    const path = `/v1/contacts/${contact.id}`;
    const steps: [object, string | null][] = [
      [{ name: 'Baraka' }, 'Baraka'],
      [{}, 'Baraka'],
      [{ consent: { note: 'phone call' } }, 'Baraka'],
      [{ name: '' }, null],
      [{ name: 'Neema' }, 'Neema'],
      [{ name: null }, null],
      [{}, null],
    ];
    for (const [body, name] of steps) {
      const res = await patch(s.marketer!, path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.contact.name).toBe(name);
      expect((await s.marketer!.agent.get(path)).body.data.contact.name).toBe(name);
      const [row] = await env.sql<{ name: string | null }>('select name from contacts where id = ?', [contact.id]);
      expect(row?.name).toBe(name);
    }
  });

  it('answers the whole contact, with updated_at moved and created_at kept', async () => {
    const g = await createGroup(s.marketer!, 'Patched group');
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), name: 'Before', group_ids: [g] });
    env.clock.set(new Date('2026-11-22T10:30:00Z'));
    try {
      const res = await patch(s.marketer!, `/v1/contacts/${contact.id}`, { name: 'After' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { contact: { ...contact, name: 'After', updated_at: '2026-11-22T10:30:00.000Z' } } });
    } finally {
      env.clock.set(new Date(T0));
    }
  });

  it('a name of 101 characters is 422 field name and changes nothing', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), name: 'Stays' });
    const before = await snapshot(org.id);
    const res = await patch(s.marketer!, `/v1/contacts/${contact.id}`, { name: 'y'.repeat(101), consent: { note: 'with a bad name' } });
    expectError(res, 422, 'validation_failed', 'name');
    expect(await snapshot(org.id)).toEqual(before);
    expect((await patch(s.marketer!, `/v1/contacts/${contact.id}`, { name: 'y'.repeat(100) })).body.data.contact.name).toBe('y'.repeat(100));
  });

  it('consent is recorded when none exists; a second consent object keeps the first record', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()) });
    const path = `/v1/contacts/${contact.id}`;
    const first = await patch(s.marketer!, path, { consent: { note: 'First: SMS keyword' } });
    expect(first.status).toBe(200);
    expect(first.body.data.contact.consent).toMatchObject({ note: 'First: SMS keyword', recorded_by: { type: 'member', id: org.members.marketer!.id } });
    const historyAfterFirst = await env.sql('select * from consent_records where contact_id = ? order by id', [contact.id]);
    expect(historyAfterFirst).toHaveLength(1);
    env.clock.advance(60_000);
    try {
      const second = await patch(s.owner!, path, { consent: { note: 'Second: should not replace' } });
      expect(second.status).toBe(200);
      expect(second.body.data.contact.consent).toEqual(first.body.data.contact.consent);
      expect((await s.marketer!.agent.get(path)).body.data.contact.consent).toEqual(first.body.data.contact.consent);
    } finally {
      env.clock.set(new Date(T0));
    }
    expect(await env.sql('select * from consent_records where contact_id = ? order by id', [contact.id])).toEqual(historyAfterFirst);
    const audit = await env.sql<{ details: { note: string } }>("select details from audit_events where action = 'consent.recorded' and target_id = ?", [contact.id]);
    expect(audit).toEqual([{ details: { note: 'First: SMS keyword' } }]);
  });

  it('consent given at creation is not replaced by a later consent object either', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), consent: { note: 'At creation' } });
    const res = await patch(s.marketer!, `/v1/contacts/${contact.id}`, { consent: { note: 'Later' } });
    expect(res.body.data.contact.consent).toEqual(contact.consent);
  });

  it('consent null withdraws the current consent; a new one may then be recorded', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), consent: { note: 'Original consent' } });
    const path = `/v1/contacts/${contact.id}`;
    const withdrawn = await patch(s.marketer!, path, { consent: null });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.contact.consent).toBeNull();
    const again = await patch(s.marketer!, path, { consent: { note: 'Asked again' } });
    expect(again.body.data.contact.consent).toMatchObject({ note: 'Asked again' });
    const rows = await env.sql<{ action: string; note: string | null }>('select action, note from consent_records where contact_id = ? order by id', [contact.id]);
    expect(rows).toEqual([
      { action: 'consent_recorded', note: 'Original consent' },
      { action: 'consent_cleared', note: null },
      { action: 'consent_recorded', note: 'Asked again' },
    ]);
    const audit = await env.sql<{ action: string }>(
      "select action from audit_events where target_id = ? and action like 'consent.%' order by id",
      [contact.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['consent.recorded', 'consent.cleared', 'consent.recorded']);
    // Withdrawing when there is no consent records nothing.
    const bare = await createContact(s.marketer!, { phone: e164(nextNational()) });
    expect((await patch(s.marketer!, `/v1/contacts/${bare.id}`, { consent: null })).status).toBe(200);
    expect(await env.sql('select * from consent_records where contact_id = ?', [bare.id])).toEqual([]);
  });

  it.each([
    ['the phone in the same form', 'phone', (p: string) => ({ phone: p })],
    ['another phone', 'phone', () => ({ phone: '0713999999' })],
    ['another phone with a name', 'phone', () => ({ name: 'New', phone: '0713999998' })],
    ['an unknown field', 'nickname', () => ({ nickname: 'x' })],
    ['a consent without a note', 'consent.note', () => ({ consent: {} })],
    ['a name that is a number', 'name', () => ({ name: 7 })],
  ])('%s is 422 validation_failed naming %s; the number never changes', async (_label, field, body) => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()), name: 'Fixed number' });
    const before = await snapshot(org.id);
    const res = await patch(s.marketer!, `/v1/contacts/${contact.id}`, body(contact.phone));
    expectError(res, 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
    expect((await s.marketer!.agent.get(`/v1/contacts/${contact.id}`)).body.data.contact).toEqual(contact);
  });

  it('a body that is not JSON is 400 invalid_request', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()) });
    const res = await s.marketer!.agent.patch(`/v1/contacts/${contact.id}`).set('X-CSRF-Token', s.marketer!.csrf).set('Content-Type', 'application/json').send('{"name":');
    expectError(res, 400, 'invalid_request');
  });
});

describe('DELETE /v1/contacts/{id}', () => {
  it('answers {id, deleted: true}; the contact is gone, its consent history and the opt-out of its number stay, its memberships go', async () => {
    const g1 = await createGroup(s.marketer!, 'Delete g1');
    const g2 = await createGroup(s.marketer!, 'Delete g2');
    const national = nextNational();
    const contact = await createContact(s.marketer!, { phone: `0${national}`, consent: { note: 'before deletion' }, group_ids: [g1, g2] });
    const keeper = await createContact(s.marketer!, { phone: e164(nextNational()), group_ids: [g1] });
    const optOut = await post(s.marketer!, '/v1/opt-outs', { phone: `0${national}`, reason: 'asked to stop' });
    expect(optOut.status).toBe(201);
    const counts = async () =>
      Object.fromEntries(((await s.marketer!.agent.get('/v1/groups')).body.data.groups as { id: string; members: number }[]).map((g) => [g.id, g.members]));
    expect(await counts()).toMatchObject({ [g1]: 2, [g2]: 1 });
    const historyBefore = await env.sql('select * from consent_records where phone = ? and organization_id = ? order by id', [e164(national), org.id]);

    const res = await del(s.marketer!, `/v1/contacts/${contact.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: contact.id, deleted: true } });

    expectError(await s.marketer!.agent.get(`/v1/contacts/${contact.id}`), 404, 'not_found');
    expect(await env.sql('select id from contacts where id = ?', [contact.id])).toEqual([]);
    expect(await env.sql('select group_id from group_members where contact_id = ?', [contact.id])).toEqual([]);
    expect(await counts()).toMatchObject({ [g1]: 1, [g2]: 0 });
    expect(await env.sql('select contact_id from group_members where group_id = ?', [g1])).toEqual([{ contact_id: keeper.id }]);
    // Consent history: every earlier row unchanged, one consent_cleared row appended (source contact_deleted).
    const historyAfter = await env.sql<{ action: string; source: string; contact_id: string }>(
      'select * from consent_records where phone = ? and organization_id = ? order by id',
      [e164(national), org.id],
    );
    expect(historyAfter.slice(0, historyBefore.length)).toEqual(historyBefore);
    expect(historyAfter.slice(historyBefore.length)).toMatchObject([{ action: 'consent_cleared', source: 'contact_deleted', contact_id: contact.id }]);
    // The opt-out of the number is still active.
    const optOuts = await s.marketer!.agent.get('/v1/opt-outs').query({ search: `0${national}` });
    expect(optOuts.body.data.opt_outs).toEqual([optOut.body.data.opt_out]);
    // The audit log names the deletion, with the number masked.
    const audit = await env.sql("select actor_type, actor_id, target_type, target_id, details from audit_events where action = 'contact.deleted' and target_id = ?", [contact.id]);
    expect(audit).toEqual([
      { actor_type: 'member', actor_id: org.members.marketer!.id, target_type: 'contact', target_id: contact.id, details: { phone: `+255${national.slice(0, 3)}****${national.slice(-2)}` } },
    ]);
    // Deleting again: not found.
    expectError(await del(s.marketer!, `/v1/contacts/${contact.id}`), 404, 'not_found');
  });

  it('the number can be added again as a new contact, without the old consent and with the opt-out still shown', async () => {
    const national = nextNational();
    const first = await createContact(s.marketer!, { phone: e164(national), name: 'Old', consent: { note: 'old consent' } });
    expect((await post(s.marketer!, '/v1/opt-outs', { phone: e164(national) })).status).toBe(201);
    expect((await del(s.marketer!, `/v1/contacts/${first.id}`)).status).toBe(200);
    const again = await createContact(s.marketer!, { phone: `0${national}`, name: 'New' });
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({ phone: e164(national), name: 'New', consent: null, opted_out: true, group_ids: [] });
  });

  it('a contact without consent leaves no consent row behind', async () => {
    const contact = await createContact(s.marketer!, { phone: e164(nextNational()) });
    expect((await del(s.marketer!, `/v1/contacts/${contact.id}`)).status).toBe(200);
    expect(await env.sql('select * from consent_records where contact_id = ?', [contact.id])).toEqual([]);
  });
});
