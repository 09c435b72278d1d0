// The consent history of a number, through HTTP on the real database: every consent recorded or cleared and
// every opt-out recorded or cleared appends one row (who, when, how, note, evidence) that is never updated or
// deleted, not even by raw SQL; the contact's consent is the current record; a refusal appends nothing;
// the history outlives the contact; the audit log names each step; two consents at once record one.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv, waitForLockWaiters } from '../support/app.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

interface HistoryRow {
  id: string;
  contact_id: string | null;
  opt_out_id: string | null;
  phone: string;
  action: string;
  source: string;
  note: string | null;
  evidence: string | null;
  actor_type: string;
  actor_id: string | null;
  created_at: string;
}

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let marketer: Session;
let owner: Session;
let analyst: Session;

const T0 = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { owner: 'owner', marketer: 'marketer', analyst: 'analyst' }, keys: { live: { mode: 'live' } } });
  other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
  marketer = await signInAs(env, org.members.marketer!);
  owner = await signInAs(env, org.members.owner!);
  analyst = await signInAs(env, org.members.analyst!);
});

let serial = 0;
const nextPhone = () => `+255784${String(400000 + ++serial)}`;

const post = (who: Session, path: string, body: unknown) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body as object);
const patch = (who: Session, path: string, body: unknown) => who.agent.patch(path).set('X-CSRF-Token', who.csrf).send(body as object);
const del = (who: Session, path: string) => who.agent.delete(path).set('X-CSRF-Token', who.csrf);

async function history(phone: string, orgId = org.id): Promise<HistoryRow[]> {
  const rows = await env.sql<HistoryRow & { created_at: Date | string }>(
    `select id, contact_id, opt_out_id, phone, action, source, note, evidence, actor_type, actor_id, created_at
     from consent_records where organization_id = ? and phone = ? order by id`,
    [orgId, phone],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

const allHistory = () => env.sql('select * from consent_records order by id');
const allAudit = () => env.sql('select * from audit_events order by id');

function at(iso: string) {
  env.clock.set(new Date(iso));
}


describe('the history of one number', () => {
  const phone = '+255754123456';
  const M = () => ({ actor_type: 'member', actor_id: org.members.marketer!.id });
  const O = () => ({ actor_type: 'member', actor_id: org.members.owner!.id });
  let contactId: string;
  let optOutId: string;
  const seen: HistoryRow[] = [];

  /** Every row seen so far is still there, unchanged, and the new ones follow them. */
  async function appended(expected: Partial<HistoryRow>[]) {
    const now = await history(phone);
    expect(now.slice(0, seen.length)).toEqual(seen);
    const fresh = now.slice(seen.length);
    expect(fresh).toEqual(expected.map((e) => expect.objectContaining(e)));
    seen.push(...fresh);
  }

  const currentConsent = async () => (await marketer.agent.get(`/v1/contacts/${contactId}`)).body.data.contact.consent as Record<string, unknown> | null;

  it('1. a contact created with consent: one consent_recorded row, shown as the current consent', async () => {
    at('2026-11-22T09:00:00Z');
    const res = await post(marketer, '/v1/contacts', { phone: '0754 123 456', name: 'Zawadi', consent: { note: 'Ticked the box at the till' } });
    expect(res.status).toBe(201);
    contactId = res.body.data.contact.id;
    await appended([
      { contact_id: contactId, opt_out_id: null, phone, action: 'consent_recorded', source: 'manual', note: 'Ticked the box at the till', evidence: null, ...M(), created_at: '2026-11-22T09:00:00.000Z' },
    ]);
    expect(await currentConsent()).toMatchObject({
      note: 'Ticked the box at the till',
      source: 'manual',
      recorded_at: '2026-11-22T09:00:00.000Z',
      recorded_by: { type: 'member', id: org.members.marketer!.id },
    });
  });

  it('2. a second consent object appends nothing and the current consent stays the first', async () => {
    at('2026-11-22T10:00:00Z');
    const before = await currentConsent();
    const res = await patch(owner, `/v1/contacts/${contactId}`, { consent: { note: 'Overwrite attempt' } });
    expect(res.status).toBe(200);
    expect(res.body.data.contact.consent).toEqual(before);
    await appended([]);
  });

  it('3. consent null withdraws it: a consent_cleared row, no current consent', async () => {
    at('2026-11-22T11:00:00Z');
    const res = await patch(owner, `/v1/contacts/${contactId}`, { consent: null });
    expect(res.status).toBe(200);
    expect(res.body.data.contact.consent).toBeNull();
    await appended([{ contact_id: contactId, action: 'consent_cleared', source: 'manual', note: null, ...O(), created_at: '2026-11-22T11:00:00.000Z' }]);
    // Withdrawing again appends nothing.
    expect((await patch(owner, `/v1/contacts/${contactId}`, { consent: null })).status).toBe(200);
    await appended([]);
  });

  it('4. a new consent is recorded and becomes the current one', async () => {
    at('2026-11-22T12:00:00Z');
    const res = await patch(marketer, `/v1/contacts/${contactId}`, { consent: { note: 'Renewed by phone' } });
    expect(res.status).toBe(200);
    expect(res.body.data.contact.consent).toMatchObject({
      note: 'Renewed by phone',
      recorded_at: '2026-11-22T12:00:00.000Z',
      recorded_by: { type: 'member', id: org.members.marketer!.id },
    });
    await appended([{ contact_id: contactId, action: 'consent_recorded', note: 'Renewed by phone', ...M(), created_at: '2026-11-22T12:00:00.000Z' }]);
  });

  it('5. an opt-out appends opted_out; the consent record stays current', async () => {
    at('2026-11-22T13:00:00Z');
    const res = await post(marketer, '/v1/opt-outs', { phone: '255754123456', reason: 'Said STOP to the agent' });
    expect(res.status).toBe(201);
    optOutId = res.body.data.opt_out.id;
    await appended([
      { contact_id: contactId, opt_out_id: optOutId, action: 'opted_out', source: 'manual', note: 'Said STOP to the agent', evidence: null, ...M(), created_at: '2026-11-22T13:00:00.000Z' },
    ]);
    expect(await currentConsent()).toMatchObject({ note: 'Renewed by phone' });
    expect((await marketer.agent.get(`/v1/contacts/${contactId}`)).body.data.contact.opted_out).toBe(true);
  });

  it('6. clearing the opt-out appends opt_out_cleared with the reason as note and the evidence', async () => {
    at('2026-11-22T14:00:00Z');
    const res = await post(owner, `/v1/opt-outs/${optOutId}/clear`, { reason: 'Customer came back', evidence: 'Email of 22 Nov' });
    expect(res.status).toBe(200);
    await appended([
      { contact_id: contactId, opt_out_id: optOutId, action: 'opt_out_cleared', source: 'manual', note: 'Customer came back', evidence: 'Email of 22 Nov', ...O(), created_at: '2026-11-22T14:00:00.000Z' },
    ]);
    expect(await currentConsent()).toMatchObject({ note: 'Renewed by phone' });
  });

  it('7. deleting the contact appends consent_cleared (contact_deleted) and keeps every row', async () => {
    at('2026-11-22T15:00:00Z');
    expect((await del(marketer, `/v1/contacts/${contactId}`)).status).toBe(200);
    await appended([{ contact_id: contactId, action: 'consent_cleared', source: 'contact_deleted', note: null, ...M(), created_at: '2026-11-22T15:00:00.000Z' }]);
    expect(seen.map((r) => r.action)).toEqual(['consent_recorded', 'consent_cleared', 'consent_recorded', 'opted_out', 'opt_out_cleared', 'consent_cleared']);
  });

  it('8. the number added again starts without consent; its new consent is a new row for the new contact', async () => {
    at('2026-11-22T16:00:00Z');
    const res = await post(owner, '/v1/contacts', { phone: '+255 754 123 456' });
    expect(res.status).toBe(201);
    expect(res.body.data.contact.consent).toBeNull();
    await appended([]);
    const again = await patch(owner, `/v1/contacts/${res.body.data.contact.id}`, { consent: { note: 'Fresh consent' } });
    expect(again.body.data.contact.consent).toMatchObject({ note: 'Fresh consent' });
    await appended([{ contact_id: res.body.data.contact.id, action: 'consent_recorded', note: 'Fresh consent', ...O(), created_at: '2026-11-22T16:00:00.000Z' }]);
    at(T0);
  });

  it('9. the audit log names every step, in order', async () => {
    const events = await env.sql<{ action: string; actor_id: string; target_type: string; target_id: string; details: Record<string, unknown> }>(
      `select action, actor_id, target_type, target_id, details from audit_events
       where organization_id = ? and (target_id = ? or target_id = ?) order by id`,
      [org.id, contactId, optOutId],
    );
    expect(events).toEqual([
      { action: 'consent.recorded', actor_id: org.members.marketer!.id, target_type: 'contact', target_id: contactId, details: { note: 'Ticked the box at the till' } },
      { action: 'consent.cleared', actor_id: org.members.owner!.id, target_type: 'contact', target_id: contactId, details: {} },
      { action: 'consent.recorded', actor_id: org.members.marketer!.id, target_type: 'contact', target_id: contactId, details: { note: 'Renewed by phone' } },
      { action: 'opt_out.recorded', actor_id: org.members.marketer!.id, target_type: 'opt_out', target_id: optOutId, details: { phone: '+255754****56', reason: 'Said STOP to the agent' } },
      {
        action: 'opt_out.cleared',
        actor_id: org.members.owner!.id,
        target_type: 'opt_out',
        target_id: optOutId,
        details: { phone: '+255754****56', reason: 'Customer came back', evidence: 'Email of 22 Nov' },
      },
      { action: 'contact.deleted', actor_id: org.members.marketer!.id, target_type: 'contact', target_id: contactId, details: { phone: '+255754****56' } },
    ]);
    // The audit log never holds the full number.
    const all = JSON.stringify(await env.sql('select details from audit_events where organization_id = ?', [org.id]));
    expect(all).not.toContain('754123456');
  });

  it("10. another organization's history of the same number is separate", async () => {
    const res = await post(await signInAs(env, other.members.owner!), '/v1/contacts', { phone, consent: { note: 'Theirs' } });
    expect(res.status).toBe(201);
    expect((await history(phone)).map((r) => r.note)).not.toContain('Theirs');
    expect((await history(phone, other.id)).map((r) => r.note)).toEqual(['Theirs']);
  });
});

describe('consent_records is append-only', () => {
  let phone: string;
  beforeAll(async () => {
    phone = nextPhone();
    const res = await post(marketer, '/v1/contacts', { phone, consent: { note: 'Original note' } });
    expect(res.status).toBe(201);
    const opt = await post(marketer, '/v1/opt-outs', { phone, reason: 'stop' });
    await post(marketer, `/v1/opt-outs/${opt.body.data.opt_out.id}/clear`, { reason: 'back', evidence: 'signed' });
  });

  it.each([
    ['updating a note', "update consent_records set note = 'tampered' where organization_id = ? and phone = ?"],
    ['updating the action', "update consent_records set action = 'consent_cleared' where organization_id = ? and phone = ?"],
    ['updating the time', "update consent_records set created_at = created_at - interval '1 day' where organization_id = ? and phone = ?"],
    ['deleting the rows', 'delete from consent_records where organization_id = ? and phone = ?'],
  ])('%s by raw SQL is rejected and the rows stay as they were', async (_label, sql) => {
    const before = await history(phone);
    expect(before.length).toBe(3);
    await expect(env.sql(sql, [org.id, phone])).rejects.toThrow(/append-only/);
    expect(await history(phone)).toEqual(before);
  });

  it('also inside a transaction that then tries to commit', async () => {
    const before = await history(phone);
    await expect(
      env.orm.em.fork().transactional(async (em) => {
        await em.execute('delete from consent_records where id = ?', [before[0]!.id]);
      }),
    ).rejects.toThrow(/append-only/);
    expect(await history(phone)).toEqual(before);
  });

  it('rows can still be appended', async () => {
    const before = await history(phone);
    const contact = (await marketer.agent.get('/v1/contacts').query({ search: phone })).body.data.contacts[0];
    expect((await patch(marketer, `/v1/contacts/${contact.id}`, { consent: null })).status).toBe(200);
    expect((await history(phone)).length).toBe(before.length + 1);
  });
});

describe('a refusal appends nothing to the history or the audit log', () => {
  let existing: { id: string; phone: string };
  let withConsent: { id: string; phone: string };
  let optOutId: string;
  let foreignGroup: string;

  beforeAll(async () => {
    const phone = nextPhone();
    existing = { id: (await post(marketer, '/v1/contacts', { phone })).body.data.contact.id, phone };
    const phone2 = nextPhone();
    withConsent = { id: (await post(marketer, '/v1/contacts', { phone: phone2, consent: { note: 'kept' } })).body.data.contact.id, phone: phone2 };
    optOutId = (await post(marketer, '/v1/opt-outs', { phone: nextPhone() })).body.data.opt_out.id;
    const otherOwner = await signInAs(env, other.members.owner!);
    foreignGroup = (await post(otherOwner, '/v1/groups', { name: 'Foreign' })).body.data.group.id;
  });

  const cases: [string, number, () => Promise<request.Response>][] = [
    ['create with consent and an invalid number', 422, () => post(marketer, '/v1/contacts', { phone: '022 212 3456', consent: { note: 'n' } })],
    ['create with consent and a foreign group', 422, () => post(marketer, '/v1/contacts', { phone: nextPhone(), consent: { note: 'n' }, group_ids: [foreignGroup] })],
    ['create with consent for a number that has a contact', 409, () => post(marketer, '/v1/contacts', { phone: existing.phone, consent: { note: 'n' } })],
    ['create with consent and a name of 101 characters', 422, () => post(marketer, '/v1/contacts', { phone: nextPhone(), name: 'n'.repeat(101), consent: { note: 'n' } })],
    ['create with consent by a member without contacts.write', 403, () => post(analyst, '/v1/contacts', { phone: nextPhone(), consent: { note: 'n' } })],
    ['create with consent without X-CSRF-Token', 403, () => marketer.agent.post('/v1/contacts').send({ phone: nextPhone(), consent: { note: 'n' } })],
    ['create with consent by an API key', 403, () => request(env.app).post('/v1/contacts').set(bearer(org.keys.live!.secret)).send({ phone: nextPhone(), consent: { note: 'n' } })],
    ['a consent with a name of 101 characters', 422, () => patch(marketer, `/v1/contacts/${existing.id}`, { name: 'n'.repeat(101), consent: { note: 'n' } })],
    ['a consent with the phone', 422, () => patch(marketer, `/v1/contacts/${existing.id}`, { phone: existing.phone, consent: { note: 'n' } })],
    ['a consent for an unknown contact', 404, () => patch(marketer, `/v1/contacts/${randomUUID()}`, { consent: { note: 'n' } })],
    ['a consent by a member without contacts.write', 403, () => patch(analyst, `/v1/contacts/${existing.id}`, { consent: { note: 'n' } })],
    ['a withdrawal by a member without contacts.write', 403, () => patch(analyst, `/v1/contacts/${withConsent.id}`, { consent: null })],
    ['a withdrawal without X-CSRF-Token', 403, () => marketer.agent.patch(`/v1/contacts/${withConsent.id}`).send({ consent: null })],
    ['a deletion by a member without contacts.write', 403, () => del(analyst, `/v1/contacts/${withConsent.id}`)],
    ['an opt-out with a reason of 501 characters', 422, () => post(marketer, '/v1/opt-outs', { phone: nextPhone(), reason: 'r'.repeat(501) })],
    ['an opt-out by a member without opt_outs.write', 403, () => post(analyst, '/v1/opt-outs', { phone: nextPhone() })],
    ['a clear with evidence of 2 characters', 422, () => post(marketer, `/v1/opt-outs/${optOutId}/clear`, { reason: 'fine reason', evidence: 'no' })],
    ['a clear by a member without opt_outs.write', 403, () => post(analyst, `/v1/opt-outs/${optOutId}/clear`, { reason: 'fine reason', evidence: 'fine evidence' })],
  ];

  it.each(cases)('%s (%i)', async (_label, status, send) => {
    const history = await allHistory();
    const audit = await allAudit();
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.success).toBe(false);
    expect(await allHistory()).toEqual(history);
    expect(await allAudit()).toEqual(audit);
  });

  it('the contact with consent still has it', async () => {
    expect((await marketer.agent.get(`/v1/contacts/${withConsent.id}`)).body.data.contact.consent).toMatchObject({ note: 'kept' });
  });
});

describe('at the same moment', () => {
  it('two consents for a contact without one record exactly one; the other does not replace it', async () => {
    const phone = nextPhone();
    const contact = (await post(marketer, '/v1/contacts', { phone })).body.data.contact;
    let pending: Promise<request.Response>[] = [];
    // Hold back appends to the history until both requests wait on a lock: the first holds the contact
    // and waits to append, the second waits for the contact.
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table consent_records in share mode');
      pending = ['First at once', 'Second at once'].map((note, i) =>
        patch(i === 0 ? marketer : owner, `/v1/contacts/${contact.id}`, { consent: { note } }).then((r) => r),
      );
      await waitForLockWaiters(env, 2);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const recorded = (await history(phone)).filter((r) => r.action === 'consent_recorded');
    expect(recorded).toHaveLength(1);
    const current = (await marketer.agent.get(`/v1/contacts/${contact.id}`)).body.data.contact.consent;
    expect(current).toMatchObject({ note: recorded[0]!.note });
    for (const r of results) expect(r.body.data.contact.consent).toEqual(current);
  });

  it('two withdrawals of one consent at once append one consent_cleared row', async () => {
    const phone = nextPhone();
    const contact = (await post(marketer, '/v1/contacts', { phone, consent: { note: 'to be withdrawn' } })).body.data.contact;
    let pending: Promise<request.Response>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table consent_records in share mode');
      pending = [marketer, owner].map((who) => patch(who, `/v1/contacts/${contact.id}`, { consent: null }).then((r) => r));
      await waitForLockWaiters(env, 2);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await history(phone)).map((r) => r.action)).toEqual(['consent_recorded', 'consent_cleared']);
    expect(await env.sql("select id from audit_events where action = 'consent.cleared' and target_id = ?", [contact.id])).toHaveLength(1);
  });

  it('an opt-out recorded twice at once appends one opted_out row', async () => {
    const phone = nextPhone();
    let pending: Promise<request.Response>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table opt_outs in share mode');
      pending = [phone, `0${phone.slice(4)}`].map((p) => post(marketer, '/v1/opt-outs', { phone: p }).then((r) => r));
      await waitForLockWaiters(env, 2);
    });
    expect((await Promise.all(pending)).map((r) => r.status).sort()).toEqual([200, 201]);
    expect((await history(phone)).map((r) => r.action)).toEqual(['opted_out']);
  });
});
