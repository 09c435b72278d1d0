// Messages found by recipient: a whole number in any accepted form matches it exactly, four or more digits match
// every number holding them; keyset pages go on; a caller who sees campaign numbers masked finds single messages
// only; REST, tRPC and GraphQL alike. Among 300,000 messages the search reads the trigram index, not every message.
import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { newId } from '../../core/db/ids.ts';
import { findMessagePage, type MessagePageFilter } from '../../core/db/messages/list-messages.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn } from '../support/trpc.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let owner: Session;
let analyst: Session;
const by: Record<string, string[]> = {};

async function seed(to: string, campaign = false): Promise<string> {
  const id = newId();
  const now = await env.clock.now();
  await env.sql(
    `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
       unit_amount, total, charge, campaign_id, dispatch_after, expires_at, created_at, updated_at)
     values (?, ?, false, 'accepted', ?, 'UJUMBE', 'Habari', 'transactional', ?, 'gsm7', 1, 2000, 2000, 'held', ?, ?, ?, ?, ?)`,
    [id, org.id, to, `ref-${id}`, campaign ? newId() : null, now, new Date(now.getTime() + 86_400_000), now, now],
  );
  (by[to] ??= []).unshift(id);
  return id;
}

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { logger: { error: (m, e) => console.error(m, e) }, surfaces: [mountTrpc, mountGraphql] });
  org = await createOrg(env, { members: { owner: 'owner', analyst: 'analyst' }, keys: { live: { mode: 'live' } } });
  [owner, analyst] = [await signInAs(env, org.members.owner!), await signInAs(env, org.members.analyst!)];
  for (const to of ['+255754111222', '+255754999222', '+255754111222', '+255765432100', '+255754111222']) await seed(to);
  await seed('+255754123999', true);
  // Another organization's message to the same number is never found.
  const other = await createOrg(env, { keys: {} });
  await env.sql("update messages set organization_id = ? where id = ?", [other.id, await seed('+255754111223')]);
  delete by['+255754111223'];
});

const found = async (who: Session | string, recipient: string, extra = '') => {
  const res = await (typeof who === 'string' ? request(app).get('/v1/messages').set(bearer(who)) : who.agent.get('/v1/messages')).query(`recipient=${encodeURIComponent(recipient)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { messages: { id: string; to: string }[]; next_before: string | null };
};

describe('GET /v1/messages?recipient=', () => {
  it.each(['0754111222', '+255 754 111 222', '255754111222'])('a whole number in any form (%j) matches it exactly, newest first', async (recipient) => {
    expect((await found(owner, recipient)).messages.map((m) => m.id)).toEqual(by['+255754111222']);
  });

  it('four digits or more match numbers ending in them or holding them anywhere', async () => {
    expect((await found(owner, '9222')).messages.map((m) => m.to)).toEqual(['+255754999222']);
    expect((await found(owner, '1222')).messages.map((m) => m.id)).toEqual(by['+255754111222']);
    expect((await found(owner, '5432 1')).messages.map((m) => m.to)).toEqual(['+255765432100']);
    expect((await found(owner, '0765')).messages.map((m) => m.to)).toEqual(['+255765432100']);
    expect((await found(owner, '54111')).messages.map((m) => m.id)).toEqual(by['+255754111222']);
  });

  it('keeps keyset pages', async () => {
    const first = await found(owner, '0754111222', '&limit=2');
    expect(first.messages.map((m) => m.id)).toEqual(by['+255754111222']!.slice(0, 2));
    const second = await found(owner, '0754111222', `&limit=2&before=${first.next_before}`);
    expect([second.messages.map((m) => m.id), second.next_before]).toEqual([by['+255754111222']!.slice(2), null]);
  });

  it('finds campaign messages only for callers who see their numbers whole', async () => {
    expect((await found(owner, '3999')).messages.map((m) => m.to)).toEqual(['+255754123999']);
    expect((await found(analyst, '3999')).messages).toEqual([]);
    expect((await found(org.keys.live!.secret, '0754123999')).messages).toEqual([]);
    expect((await found(analyst, '1222')).messages.map((m) => m.id)).toEqual(by['+255754111222']);
  });

  it.each(['123', '0754-11', '%1222'])('refuses %j: 422 validation_failed, field recipient', async (recipient) => {
    const res = await owner.agent.get('/v1/messages').query({ recipient });
    expect([res.status, res.body.error.code, res.body.error.field]).toEqual([422, 'validation_failed', 'recipient']);
  });
});

describe('the other surfaces', () => {
  it('tRPC messages.list takes recipient, and refuses a bad one with its field', async () => {
    const member = await signedIn(app, org.members.owner!);
    expect(ok(await member.query('messages.list', { recipient: '0754 111 222' })).messages.map((m: { id: string }) => m.id)).toEqual(by['+255754111222']);
    refused(await member.query('messages.list', { recipient: '12' }), 400, 'validation_failed', 'recipient');
  });

  it('GraphQL messages(filter: {recipient})', async () => {
    const ask = (recipient: string) => request(app).post('/graphql').set(bearer(org.keys.live!.secret)).send({ query: `{ messages(first: 10, filter: { recipient: "${recipient}" }) { edges { node { id } } } }` });
    const res = await ask('1222');
    expect(res.body.data.messages.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(by['+255754111222']);
    const bad = await ask('12');
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', field: 'filter.recipient' });
  });
});

describe('among 300,000 messages', () => {
  let big: string;

  // The planner's choice rests on a sample of the table: the searched digits must be rare in every sample, or a
  // scan by time that stops at the page's end would be cheaper and sometimes chosen. So the mass of numbers holds
  // no 9 at all (each 9 written as 8), and only the three numbers searched for hold one.
  beforeAll(async () => {
    big = (await createOrg(env, { keys: {} })).id;
    await env.sql(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
         unit_amount, total, charge, dispatch_after, expires_at, created_at, updated_at)
       select gen_random_uuid(), ?, false, 'delivered', to_phone, 'UJUMBE', 'Habari',
         'transactional', 'ref-' || i, 'gsm7', 1, 2000, 2000, 'captured', t, t + interval '1 day', t, t
       from generate_series(1, 300000) i,
         lateral (select timestamptz '2026-11-01T00:00:00Z' + i * interval '1 second' as t) x,
         lateral (select case i when 1000 then '+255790007919' when 150000 then '+255790007919' when 299000 then '+255712347919'
           else '+2557' || translate(lpad((i::bigint * 7919 % 100000000)::text, 8, '0'), '9', '8') end as to_phone) n`,
      [big],
    );
    await env.sql('analyze messages');
  }, 180_000);

  /** The plan of the statement the list runs for this filter (its text captured, then explained and run). */
  async function plan(filter: Omit<MessagePageFilter, 'test'>) {
    let statement: { sql: string; params: unknown[] } | undefined;
    const capture = { fork: () => capture, execute: async (sql: string, params: unknown[]) => ((statement = { sql, params }), []) };
    await findMessagePage(capture as unknown as EntityManager, big, { test: null, ...filter }, { limit: 51 }, null);
    const [row] = await env.sql<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${statement!.sql}`, statement!.params);
    const text = JSON.stringify(row!['QUERY PLAN']);
    const top = (row!['QUERY PLAN'] as [{ 'Execution Time': number; Plan: { 'Actual Rows': number } }])[0];
    return { indexed: text.includes('"Index Name":"messages_recipient"'), ms: top['Execution Time'], rows: top.Plan['Actual Rows'] };
  }

  it.each([
    ['a whole number', { exact: '+255790007919' }, 2],
    ['four digits', { contains: '7919' }, 3],
    ['digits in the middle', { contains: '9000791' }, 2],
    ['the start of a number', { contains: '+2557900' }, 2],
  ])('%s is read through messages_recipient', async (_what, recipient, rows) => {
    const found = await plan({ recipient });
    expect(found.indexed).toBe(true);
    expect(found.rows).toBe(rows);
    expect(found.ms).toBeLessThan(1000);
  });
});
