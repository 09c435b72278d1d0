// Campaign fixtures: an audience written straight into the address book tables, and the draft → quote → launch flow over HTTP.
import { expect } from 'vitest';
import request from 'supertest';
import type { TestEnv } from './app.ts';
import { newId } from '../../core/db/ids.ts';
import { nativePool, pgArray } from '../../core/db/sql.ts';
import { readSettings } from '../../core/app/platform/settings.ts';
import { feedAll } from '../../core/app/campaigns/feed.ts';

let serial = 0;

/** A fresh Tanzanian mobile number (+255 75 then five digits of a serial) ending in the given two digits. */
export function campaignPhone(last2 = '10'): string {
  serial += 1;
  return `+25575${String(serial).padStart(5, '0')}${last2}`;
}

export interface AudienceSpec {
  /** The numbers of the group, in the order their contacts are created (audience order within the group). */
  phones: string[];
  /** Numbers given a recorded consent (default none). */
  consented?: string[];
  /** Numbers with an active opt-out (default none). */
  optedOut?: string[];
  name?: string;
}

/** A group with a contact per number (contacts that exist already are reused), consent records and opt-outs. */
export async function createAudience(env: TestEnv, organizationId: string, spec: AudienceSpec): Promise<{ groupId: string; contactIds: string[] }> {
  const groupId = newId();
  const now = new Date('2026-11-01T00:00:00Z');
  await env.sql('insert into groups (id, organization_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)', [groupId, organizationId, spec.name ?? `Audience ${groupId.slice(-8)}`, now, now]);
  // New contacts in the order given (their ids, time-ordered, give the audience order within the group).
  await env.sql(
    `insert into contacts (id, organization_id, phone, created_at, updated_at)
     select x.id, ?, x.phone, ?, ? from unnest(?::uuid[], ?::text[]) with ordinality as x(id, phone, ord)
     on conflict (organization_id, phone) do nothing`,
    [organizationId, now, now, pgArray(spec.phones.map(() => newId())), pgArray(spec.phones)],
  );
  const found = await env.sql<{ id: string; phone: string }>('select id, phone from contacts where organization_id = ? and phone = any(?::text[])', [organizationId, pgArray(spec.phones)]);
  const byPhone = new Map(found.map((c) => [c.phone, c.id]));
  const contactIds = spec.phones.map((p) => byPhone.get(p)!);
  if (contactIds.length) {
    await env.sql(
      'insert into group_members (group_id, contact_id, organization_id, added_at) select ?, c, ?, ? from unnest(?::uuid[]) as c on conflict do nothing',
      [groupId, organizationId, now, pgArray(contactIds)],
    );
  }
  for (const phone of spec.consented ?? []) await recordConsent(env, organizationId, phone, 'consent_recorded');
  for (const phone of spec.optedOut ?? []) await optOut(env, organizationId, phone);
  return { groupId, contactIds };
}

export async function recordConsent(env: TestEnv, organizationId: string, phone: string, action: 'consent_recorded' | 'consent_cleared'): Promise<void> {
  const [contact] = await env.sql<{ id: string }>('select id from contacts where organization_id = ? and phone = ?', [organizationId, phone]);
  await env.sql(
    `insert into consent_records (id, organization_id, phone, contact_id, action, source, actor_type, created_at) values (?, ?, ?, ?, ?, 'manual', 'operator', ?)`,
    [newId(), organizationId, phone, contact?.id ?? null, action, new Date()],
  );
}

export async function optOut(env: TestEnv, organizationId: string, phone: string): Promise<void> {
  await env.sql(`insert into opt_outs (id, organization_id, phone, source, created_by_type, created_at) values (?, ?, ?, 'manual', 'operator', ?)`, [newId(), organizationId, phone, new Date()]);
}

export type Caller = { agent: ReturnType<typeof request.agent>; csrf?: string } | { app: TestEnv['app']; bearer: string };

/** A request of a signed-in member (with X-CSRF-Token) or of an API key. */
export function call(who: Caller, method: 'get' | 'post' | 'patch', path: string, body?: object, idem?: string) {
  const req = 'agent' in who ? who.agent[method](path) : request(who.app)[method](path).set('Authorization', `Bearer ${who.bearer}`);
  if ('agent' in who && who.csrf && method !== 'get') req.set('X-CSRF-Token', who.csrf);
  if (idem) req.set('X-Idempotency-Key', idem);
  return body === undefined ? req : req.send(body);
}

let keySerial = 0;
export const newKey = (prefix = 'k') => `${prefix}-${++keySerial}-${Math.random().toString(36).slice(2, 10)}`;

export async function createDraft(who: Caller, body: Record<string, unknown>) {
  const res = await call(who, 'post', '/v1/campaigns', { name: 'Mavuno promotion', sender_id: 'UJUMBE', body: 'Habari! Bei mpya za mbolea zimefika.', ...body }, newKey('draft'));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.campaign as Record<string, any>;
}

export async function quote(who: Caller, id: string, body: Record<string, unknown> = {}) {
  const res = await call(who, 'post', `/v1/campaigns/${id}/quote`, body, newKey('quote'));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.quote as Record<string, any>;
}

export async function launch(who: Caller, id: string, body: Record<string, unknown>) {
  const res = await call(who, 'post', `/v1/campaigns/${id}/launch`, body, newKey('launch'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.campaign as Record<string, any>;
}

/** Feeds every sending campaign as the worker's feeder would at the test clock's time (window from the platform settings). */
export async function feed(env: TestEnv): Promise<number> {
  const ctx = await env.ctx();
  const settings = await readSettings(ctx);
  return feedAll(await nativePool(env.orm.em), ctx.now, settings.window);
}

/** A group of the numbers (consented unless told), a draft over it, quoted and launched by `who`; the campaign as launched. */
export async function launchOver(env: TestEnv, who: Caller, organizationId: string, phones: string[], draft: Record<string, unknown> = {}, consented: string[] = phones) {
  const { groupId } = await createAudience(env, organizationId, { phones, consented });
  const created = await createDraft(who, { group_ids: [groupId], ...draft });
  const q = await quote(who, created.id);
  return launch(who, created.id, { quote_id: q.id });
}

export interface RecipientRow {
  n: number;
  phone: string;
  status: string;
  released: boolean;
  message_id: string | null;
  message_status: string | null;
  charge: string | null;
}

/** A launched campaign's recipients in audience order, each with its message's status and charge (null until fed). */
export function recipientRows(env: TestEnv, campaignId: string): Promise<RecipientRow[]> {
  return env.sql<RecipientRow>(
    `select r.n, r.phone, r.status, r.released, r.message_id, m.status as message_status, m.charge
     from campaigns c join campaign_recipients r on r.organization_id = c.organization_id and r.quote_id = c.launch_quote_id
     left join messages m on m.organization_id = r.organization_id and m.id = r.message_id
     where c.id = ? order by r.n`,
    [campaignId],
  );
}
