// Keywords of inbound messages on the real database, brought in through storeInbound: STOP and ACHA record an
// opt-out of source sms_keyword with the message as evidence, which the next promotional POST /v1/messages honours
// (422 recipient_opted_out, field to) and a transactional one does not; START and ANZA clear it; repeats change
// nothing; folding and the conservative non-matches; an organization's own words (PATCH /v1/keywords, refusals
// leaving nothing); the confirmation queued as an uncharged system message; other organizations untouched.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer, createOrg, setupTestEnv, signInAs, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';
import { assignNumber, receive } from '../support/inbound-messages.ts';
import { expectWalletInvariant } from '../support/money.ts';
import { PLATFORM_ORGANIZATION_ID, SYSTEM_SMS_PER_HOUR } from '../../core/domain/system-sms.ts';
import { createAudience, createDraft, quote } from '../support/campaigns.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let owner: Session;
let otherOwner: Session;
let code: string;
let otherCode: string;

const SENDERS = [{ name: 'UJUMBE', classes: ['transactional', 'promotional'] as ('transactional' | 'promotional')[], routeApproved: true }];

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { credit: 100_000_000n, senders: SENDERS, members: { owner: 'owner', analyst: 'analyst', marketer: 'marketer' } });
  other = await createOrg(env, { credit: 100_000_000n, senders: SENDERS });
  owner = await signInAs(env, org.members.owner!);
  otherOwner = await signInAs(env, other.members.owner!);
  code = await assignNumber(env, org.id);
  otherCode = await assignNumber(env, other.id);
});

let serial = 0;
const freshNumber = () => `+255754${String(100000 + ++serial)}`;
const post = (who: Session, path: string, body: object) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body);
const patch = (who: Session, path: string, body: object) => who.agent.patch(path).set('X-CSRF-Token', who.csrf).send(body);

function send(o: OrgFixture, to: string, trafficClass: 'promotional' | 'transactional') {
  const body = { to, from: 'UJUMBE', body: 'Offer of the week', client_ref: `ref-${++serial}`, traffic_class: trafficClass };
  return request(env.app).post('/v1/messages').set(bearer(o.keys.live!.secret)).set('X-Idempotency-Key', randomUUID()).send(body);
}

/** A number with a contact that consented to promotional messages. */
async function consented(who: Session = owner): Promise<string> {
  const phone = freshNumber();
  const res = await post(who, '/v1/contacts', { phone, consent: { note: 'signed up at the shop' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return phone;
}

const optOuts = (orgId: string, phone: string) =>
  env.sql<{ id: string; source: string; reason: string; cleared_at: Date | null; clear_evidence: string | null; created_by_type: string }>(
    'select id, source, reason, cleared_at, clear_evidence, created_by_type from opt_outs where organization_id = ? and phone = ? order by id',
    [orgId, phone],
  );
const keywordOf = async (id: string) => (await env.sql<{ keyword: string | null }>('select keyword from inbound_messages where id = ?', [id]))[0]!.keyword;
const confirmations = (phone: string) =>
  env.sql<{ body: string; charge: string; total: string; organization_id: string }>(
    `select m.body, m.charge, m.total::text, m.organization_id from messages m join system_messages s on s.message_id = m.id and s.organization_id = m.organization_id
     where s.purpose = 'keyword_confirmation' and m.to_phone = ? order by m.id`,
    [phone],
  );

function expectRefused(res: request.Response, status: number, code: string, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, field } });
}

describe('opt-out words', () => {
  it.each(['STOP', 'ACHA'])('%s records an opt-out of source sms_keyword that the next promotional send honours; transactional still goes', async (word) => {
    const phone = await consented();
    expect((await send(org, phone, 'promotional')).status).toBe(202);
    const stored = await receive(env, { from: phone.replace('+', ''), to: code, body: word });
    const [optOut, ...more] = await optOuts(org.id, phone);
    expect(more).toEqual([]);
    expect(optOut).toMatchObject({ source: 'sms_keyword', cleared_at: null, created_by_type: 'system' });
    expect(optOut!.reason).toContain(stored.id!);
    expect(await keywordOf(stored.id!)).toBe('opt_out');
    const history = await env.sql<{ action: string; source: string; evidence: string; actor_type: string }>(
      'select action, source, evidence, actor_type from consent_records where organization_id = ? and phone = ? and action = ?',
      [org.id, phone, 'opted_out'],
    );
    expect(history).toEqual([{ action: 'opted_out', source: 'sms_keyword', evidence: `Inbound message ${stored.id}: "${word}"`, actor_type: 'system' }]);
    const audit = await env.sql('select actor_type from audit_events where organization_id = ? and action = ? and target_id = ?', [org.id, 'opt_out.recorded', optOut!.id]);
    expect(audit).toEqual([{ actor_type: 'system' }]);
    const events = await env.sql('select type from outbox_events where organization_id = ? and subject_id = ?', [org.id, optOut!.id]);
    expect(events).toEqual([{ type: 'opt_out.recorded' }]);
    expectRefused(await send(org, phone, 'promotional'), 422, 'recipient_opted_out', 'to');
    expect((await send(org, phone, 'transactional')).status).toBe(202);
    await expectWalletInvariant(env, org.id);
  });

  it('a repeat from a number already opted out changes nothing (one opt-out, no second event)', async () => {
    const phone = await consented();
    await receive(env, { from: phone, to: code, body: 'STOP' });
    const before = await optOuts(org.id, phone);
    const events = async () => env.sql('select id from outbox_events where organization_id = ? and type = ?', [org.id, 'opt_out.recorded']);
    const eventsBefore = (await events()).length;
    await receive(env, { from: phone, to: code, body: 'sitaki' });
    expect(await optOuts(org.id, phone)).toEqual(before);
    expect((await events()).length).toBe(eventsBefore);
  });

  it('another organization’s opt-outs are untouched, and its number’s messages apply only to it', async () => {
    const phone = await consented();
    const theirs = await consented(otherOwner);
    await receive(env, { from: phone, to: code, body: 'STOP' });
    expect(await optOuts(other.id, phone)).toEqual([]);
    await receive(env, { from: theirs, to: otherCode, body: 'STOP' });
    expect(await optOuts(org.id, theirs)).toEqual([]);
    expect((await optOuts(other.id, theirs)).length).toBe(1);
  });
});

describe('a keyword opt-out in campaigns', () => {
  it('is left out of the next quote, as any opt-out', async () => {
    const [stays, stops] = [freshNumber(), freshNumber()];
    const { groupId } = await createAudience(env, org.id, { phones: [stays, stops], consented: [stays, stops] });
    await receive(env, { from: stops, to: code, body: 'Acha.' });
    const draft = await createDraft(owner, { group_ids: [groupId], traffic_class: 'promotional' });
    const q = await quote(owner, draft.id);
    expect(q.audience).toMatchObject({ eligible: 1, opted_out: 1 });
    const listed = await env.sql<{ phone: string }>('select phone from campaign_recipients where quote_id = ? order by n', [q.id]);
    expect(listed.map((r) => r.phone)).toEqual([stays]);
  });
});

describe('opt-in words', () => {
  it.each(['START', 'ANZA'])('%s clears the active opt-out with the message as evidence; promotional sends go again', async (word) => {
    const phone = await consented();
    await receive(env, { from: phone, to: code, body: 'STOP' });
    expectRefused(await send(org, phone, 'promotional'), 422, 'recipient_opted_out', 'to');
    const stored = await receive(env, { from: phone, to: code, body: ` ${word.toLowerCase()}! ` });
    const [optOut] = await optOuts(org.id, phone);
    expect(optOut!.cleared_at).not.toBeNull();
    expect(optOut!.clear_evidence).toBe(`Inbound message ${stored.id}: " ${word.toLowerCase()}! "`);
    expect(await keywordOf(stored.id!)).toBe('opt_in');
    const cleared = await env.sql('select source, actor_type from consent_records where opt_out_id = ? and action = ?', [optOut!.id, 'opt_out_cleared']);
    expect(cleared).toEqual([{ source: 'sms_keyword', actor_type: 'system' }]);
    expect((await send(org, phone, 'promotional')).status).toBe(202);
  });

  it('START with no active opt-out changes no record', async () => {
    const phone = await consented();
    await receive(env, { from: phone, to: code, body: 'START' });
    expect(await optOuts(org.id, phone)).toEqual([]);
    expect(await env.sql('select id from consent_records where phone = ? and action = ?', [phone, 'opt_out_cleared'])).toEqual([]);
  });
});

describe('keywords at once', () => {
  it('two STOPs together record one opt-out; two STARTs together clear it once', async () => {
    const phone = freshNumber();
    await Promise.all([receive(env, { from: phone, to: code, body: 'STOP' }), receive(env, { from: phone, to: code, body: 'ACHA' })]);
    expect(await optOuts(org.id, phone)).toHaveLength(1);
    const [active] = await optOuts(org.id, phone);
    // The opt-out held locked: both messages find it active, then wait at its lock, and go on together.
    let pending: Promise<unknown>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('select id from opt_outs where id = ? for update', [active!.id]);
      pending = ['START', 'ANZA'].map((body) => receive(env, { from: phone, to: code, body }));
      await waitForLockWaiters(env, 2);
    });
    await Promise.all(pending);
    const [optOut] = await optOuts(org.id, phone);
    expect(optOut!.cleared_at).not.toBeNull();
    const cleared = await env.sql('select id from consent_records where opt_out_id = ? and action = ?', [optOut!.id, 'opt_out_cleared']);
    expect(cleared).toHaveLength(1);
  });
});

describe('folding and non-matches', () => {
  it.each(['stop', ' Stop ', 'S T O P', 'STOP.', 'stop!!', '«Acha»', 'ＳＴＯＰ', 'unsubscribe\n'])('%j is an opt-out', async (body) => {
    const phone = freshNumber();
    const stored = await receive(env, { from: phone, to: code, body });
    expect(await keywordOf(stored.id!)).toBe('opt_out');
    expect((await optOuts(org.id, phone)).length).toBe(1);
  });

  it.each(['please do not stop', 'STOP STOP', 'stop sending me offers', 'S.T.O.P', 'stopp', 'Acha kunitumia', 'nistopishe'])('%j is not', async (body) => {
    const phone = freshNumber();
    const stored = await receive(env, { from: phone, to: code, body });
    expect(await keywordOf(stored.id!)).toBeNull();
    expect(await optOuts(org.id, phone)).toEqual([]);
  });
});

describe('a message some of whose parts never came', () => {
  it('is never read as a keyword, and says it is incomplete', async () => {
    const phone = freshNumber();
    const stored = await receive(env, { from: phone, to: code, body: 'STOP', incomplete: true });
    expect(await keywordOf(stored.id!)).toBeNull();
    expect(await optOuts(org.id, phone)).toEqual([]);
    expect(await env.sql('select incomplete from inbound_messages where id = ?', [stored.id])).toEqual([{ incomplete: true }]);
  });
});

describe('senders that are no mobile number', () => {
  it.each(['MPESA', '15577'])('STOP from %s opts nothing out and sends nothing', async (from) => {
    const stored = await receive(env, { from, to: code, body: 'STOP' });
    expect(await keywordOf(stored.id!)).toBeNull();
    expect(await env.sql('select id from opt_outs where phone = ?', [from])).toEqual([]);
    expect(await confirmations(from)).toEqual([]);
  });
});

describe('confirmations', () => {
  it('the default confirmation is queued as a system message, never charged, in both languages', async () => {
    const phone = freshNumber();
    await receive(env, { from: phone, to: code, body: 'ACHA' });
    const [sent, ...more] = await confirmations(phone);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ organization_id: PLATFORM_ORGANIZATION_ID, charge: 'none', total: '0' });
    expect(sent!.body).toBe('Umejiondoa. Tuma ANZA kujiunga tena. You have opted out. Reply START to opt in again.');
    await receive(env, { from: phone, to: code, body: 'ANZA' });
    expect((await confirmations(phone)).map((c) => c.body)).toEqual([sent!.body, 'Umejiunga tena. Tuma ACHA kujiondoa. You have opted in again. Reply STOP to opt out.']);
    await expectWalletInvariant(env, org.id);
  });
});

describe('the allowance of confirmations', () => {
  it('past the system messages a number may get in an hour, the confirmation is skipped and audited; the opt-out stands', async () => {
    const phone = freshNumber();
    const sent: string[] = [];
    for (let i = 0; i <= SYSTEM_SMS_PER_HOUR; i++) sent.push((await receive(env, { from: phone, to: code, body: i % 2 ? 'STOP' : 'START' })).id!);
    expect((await confirmations(phone)).length).toBe(SYSTEM_SMS_PER_HOUR);
    const skipped = await env.sql<{ target_id: string; details: Record<string, unknown> }>('select target_id, details from audit_events where organization_id = ? and action = ?', [org.id, 'inbound.confirmation_skipped']);
    expect(skipped).toEqual([{ target_id: sent.at(-1), details: { keyword: 'opt_out', why: 'rate_limited', phone: `${phone.slice(0, -6)}****${phone.slice(-2)}` } }]);
    expect((await optOuts(org.id, phone)).filter((o) => o.cleared_at === null)).toHaveLength(1);
  });
});

describe('an organization’s own words', () => {
  it('reads the defaults, saves its own (capitals, no repeats), and its words are the ones that act', async () => {
    const read = await owner.agent.get('/v1/keywords');
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ opt_out_words: ['STOP', 'ACHA', 'SITAKI', 'UNSUBSCRIBE'], opt_in_words: ['START', 'ANZA'] });
    const marketer = await signInAs(env, org.members.marketer!);
    const saved = await patch(marketer, '/v1/keywords', { opt_out_words: ['stop', 'Basi', 'BASI'], opt_in_words: ['RUDI'], opt_out_reply: 'Basi. Tuma RUDI.', opt_in_reply: '' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ opt_out_words: ['STOP', 'BASI'], opt_in_words: ['RUDI'], opt_out_reply: 'Basi. Tuma RUDI.', opt_in_reply: '' });
    const phone = freshNumber();
    const acha = await receive(env, { from: phone, to: code, body: 'ACHA' });
    expect(await keywordOf(acha.id!)).toBeNull();
    await receive(env, { from: phone, to: code, body: 'basi' });
    expect((await optOuts(org.id, phone)).length).toBe(1);
    expect((await confirmations(phone)).map((c) => c.body)).toEqual(['Basi. Tuma RUDI.']);
    await receive(env, { from: phone, to: code, body: 'Rudi' });
    expect((await optOuts(org.id, phone))[0]!.cleared_at).not.toBeNull();
    expect((await confirmations(phone)).length).toBe(1);
    // The other organization keeps the defaults.
    const theirs = freshNumber();
    await receive(env, { from: theirs, to: otherCode, body: 'ACHA' });
    expect((await optOuts(other.id, theirs)).length).toBe(1);
  });

  it.each([
    [{ opt_out_words: [], opt_in_words: [], opt_out_reply: '', opt_in_reply: '' }, 'opt_out_words'],
    [{ opt_out_words: ['STOP NOW'], opt_in_words: [], opt_out_reply: '', opt_in_reply: '' }, 'opt_out_words'],
    [{ opt_out_words: ['STOP'], opt_in_words: ['stop'], opt_out_reply: '', opt_in_reply: '' }, 'opt_in_words'],
    [{ opt_out_words: Array.from({ length: 21 }, (_, i) => `W${i}`), opt_in_words: [], opt_out_reply: '', opt_in_reply: '' }, 'opt_out_words'],
    [{ opt_out_words: ['STOP'], opt_in_words: [], opt_out_reply: 'x'.repeat(321), opt_in_reply: '' }, 'opt_out_reply'],
    [{ opt_out_words: ['STOP'], opt_in_words: [], opt_out_reply: 'ok', opt_in_reply: 'a\u0007' }, 'opt_in_reply'],
  ])('refuses %j at field %s, leaving the settings as they were', async (body, field) => {
    const before = await env.sql('select * from keyword_settings where organization_id = ?', [org.id]);
    expectRefused(await patch(owner, '/v1/keywords', body), 422, 'validation_failed', field);
    expect(await env.sql('select * from keyword_settings where organization_id = ?', [org.id])).toEqual(before);
  });

  it('needs opt_outs.write to change and contacts.read to read; keys cannot', async () => {
    const analyst = await signInAs(env, org.members.analyst!);
    expect((await patch(analyst, '/v1/keywords', { opt_out_words: ['STOP'], opt_in_words: [], opt_out_reply: '', opt_in_reply: '' })).status).toBe(403);
    expect((await analyst.agent.get('/v1/keywords')).status).toBe(403);
    expect((await request(env.app).get('/v1/keywords').set(bearer(org.keys.live!.secret))).status).toBe(403);
  });
});
