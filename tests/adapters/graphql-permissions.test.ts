// GraphQL refuses exactly what REST refuses, in the same words: every reporting field against a member of every
// role and a key of every single scope, beside the REST read of the same use case (403 forbidden for members
// whose role lacks the permission, 403 insufficient_scope for keys without the scope, nothing for the others).
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createServiceApp } from '../../bin/server/app.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { ROLES, SCOPES } from '../../core/domain/access.ts';
import { newId } from '../../core/db/ids.ts';
import { bearer, createOrg, EVERY_ROLE, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let app: ReturnType<typeof createServiceApp>;

/** A GraphQL field and the REST read that calls the same use case. */
const FIELDS = [
  { field: 'serviceStatus', query: '{ serviceStatus { smsRoute } }', rest: '/v1/service-status' },
  { field: 'wallet', query: '{ wallet { available } }', rest: '/v1/wallet' },
  { field: 'ledgerEntries', query: '{ ledgerEntries(first: 1) { pageInfo { hasNextPage } } }', rest: '/v1/wallet/ledger' },
  { field: 'messages', query: '{ messages(first: 1) { pageInfo { hasNextPage } } }', rest: '/v1/messages' },
  { field: 'campaigns', query: '{ campaigns(first: 1) { pageInfo { hasNextPage } } }', rest: '/v1/campaigns' },
  { field: 'senderIds', query: '{ senderIds { name } }', rest: '/v1/sender-ids' },
  { field: 'auditEvents', query: '{ auditEvents(first: 1) { pageInfo { hasNextPage } } }', rest: '/v1/audit-events' },
];

type Caller = { name: string; auth: () => Promise<Record<string, string>> | Record<string, string>; agent?: ReturnType<typeof request.agent> };
const callers: Caller[] = [];

beforeAll(async () => {
  env = await setupTestEnv();
  app = createServiceApp(env.deps, { surfaces: [mountGraphql] });
  org = await createOrg(env, {
    members: EVERY_ROLE,
    keys: Object.fromEntries(SCOPES.map((scope) => [scope, { mode: 'live' as const, scopes: [scope] }])),
  });
  for (const role of ROLES) {
    const agent = request.agent(app);
    const signIn = await agent.post('/v1/auth/sign-in').send({ email: org.members[role]!.email, password: org.members[role]!.password });
    expect(signIn.status).toBe(200);
    callers.push({ name: `a signed-in ${role}`, auth: () => ({}), agent });
  }
  for (const scope of SCOPES) callers.push({ name: `a key of ${scope} only`, auth: () => bearer(org.keys[scope]!.secret) });
});

const post = (caller: Caller, query: string) => (caller.agent ?? request(app)).post('/graphql').set(caller.auth() as Record<string, string>).send({ query });
const get = (caller: Caller, path: string) => (caller.agent ?? request(app)).get(path).set(caller.auth() as Record<string, string>);

describe('GraphQL permissions', () => {
  it.each(FIELDS)('$field: refused for whom REST refuses, with its code and message', async ({ field, query, rest }) => {
    let refusals = 0;
    for (const caller of callers) {
      const [gql, byRest] = await Promise.all([post(caller, query), get(caller, rest)]);
      const refused = byRest.status === 403 ? { code: byRest.body.error.code, message: byRest.body.error.message } : null;
      const error = gql.body.errors?.[0];
      expect(error ? { code: error.extensions.code, message: error.message } : null, `${field} for ${caller.name}`).toEqual(refused);
      if (refused) {
        refusals += 1;
        expect(gql.body.data[field], `${field} for ${caller.name}`).toBeNull();
        expect(error.path).toEqual([field]);
      }
    }
    // Each field but the service status is refused to someone, so the comparison above has refusals to compare.
    expect(refusals > 0).toBe(field !== 'serviceStatus');
  });

  it("a report's rows need what reading messages needs, their money what reading the wallet needs", async () => {
    // One delivered message on 1 November in Dar es Salaam, so that the report has a row whose money is asked for.
    const at = '2026-11-01T10:00:00+03:00';
    await env.sql(
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments, unit_amount, total,
         charge, dispatch_after, expires_at, created_at, updated_at)
       values (?, ?, false, 'delivered', '+255754000001', 'UJUMBE', 'Habari', 'transactional', 'r-1', 'gsm7', 1, 2000, 2000, 'captured', ?, ?::timestamptz + interval '1 day', ?, ?)`,
      [newId(), org.id, at, at, at, at],
    );
    const report = '{ deliveryReport(from: "2026-11-01T00:00:00+03:00", to: "2026-11-02T00:00:00+03:00", groupBy: [DAY]) { messages spendCents heldCents } }';
    const seen = new Set<string>();
    for (const caller of callers) {
      const [gql, wallet, messages] = await Promise.all([post(caller, report), get(caller, '/v1/wallet'), get(caller, '/v1/messages')]);
      const said = (gql.body.errors ?? []).map((e: { path: unknown[]; extensions: { code: string }; message: string }) => ({ path: e.path, code: e.extensions.code, message: e.message }));
      const refusal = (res: request.Response) => ({ code: res.body.error.code, message: res.body.error.message });
      if (messages.status === 403) {
        seen.add('no rows');
        expect(gql.body.data.deliveryReport, caller.name).toBeNull();
        expect(said, caller.name).toEqual([{ path: ['deliveryReport'], ...refusal(messages) }]);
      } else if (wallet.status === 403) {
        seen.add('no money');
        expect(gql.body.data.deliveryReport, caller.name).toEqual([{ messages: 1, spendCents: null, heldCents: null }]);
        expect(said, caller.name).toEqual(['spendCents', 'heldCents'].map((f) => ({ path: ['deliveryReport', 0, f], ...refusal(wallet) })));
      } else {
        seen.add('all');
        expect(gql.body.data.deliveryReport, caller.name).toEqual([{ messages: 1, spendCents: 2000, heldCents: 0 }]);
        expect(said, caller.name).toEqual([]);
      }
    }
    expect([...seen].sort()).toEqual(['all', 'no money', 'no rows']);
  });
});
