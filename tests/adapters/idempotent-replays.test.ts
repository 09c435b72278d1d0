// An idempotency record keeps the use case's result, and each adapter renders a replay of it in its own form:
// REST as its envelope around the kept bytes with the route's replay status, tRPC as the procedure's output.
// Records kept before migration 0025 (REST's whole answer and its status) become results byte for byte.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, signInAs, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { createAudience } from '../support/campaigns.ts';
import { ok, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';
import { IDEMPOTENCY_TTL_MS } from '../../core/app/idempotency.ts';
import { successBody } from '../../core/transport/envelope.ts';
import { idempotentRequest } from '../../admin-trpc/idempotency.ts';
import type { Member } from '../../admin-trpc/trpc.ts';
import { ZCreateDraftBody } from '../../core/inputs/campaigns.ts';
import { renderMigration } from '../../migrations/checksums.ts';
import { Migration0025IdempotencyResults } from '../../migrations/0025-idempotency-results.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let rest: Awaited<ReturnType<typeof signInAs>>;
let trpc: TrpcClient;
let groupId: string;

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { senders: [{ name: 'UJUMBE', classes: ['transactional', 'promotional'], routeApproved: true }], members: { marketer: 'marketer' }, keys: {} });
  rest = await signInAs({ ...env, app }, org.members.marketer!);
  trpc = await signedIn(app, org.members.marketer!);
  ({ groupId } = await createAudience(env, org.id, { phones: ['+255754000101'], consented: ['+255754000101'] }));
});

const draft = () => ({ name: `Mavuno ${randomUUID().slice(0, 8)}`, sender_id: 'UJUMBE', body: 'Habari € rafiki, "karibu"', group_ids: [groupId] });
const createOverRest = (body: object, key: string) => rest.agent.post('/v1/campaigns').set('X-CSRF-Token', rest.csrf).set('X-Idempotency-Key', key).send(body);
const recordOf = async (operation: string, key: string) =>
  (await env.sql<{ result: string }>('select result from idempotency_records where organization_id = ? and operation = ? and key = ?', [org.id, operation, key]))[0];
const campaignsNamed = async (name: string) => (await env.sql<{ n: number }>('select count(*)::int as n from campaigns where name = ?', [name]))[0]!.n;

describe('a record keeps the result', () => {
  it('the value as first answered, with no status and no envelope; REST replays its bytes in the replay status', async () => {
    const body = draft();
    const key = randomUUID();
    const first = await createOverRest(body, key);
    expect(first.status).toBe(201);
    expect(await recordOf('createCampaignDraft', key)).toEqual({ result: JSON.stringify(first.body.data) });
    const columns = await env.sql<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'idempotency_records' order by column_name");
    expect(columns.map((c) => c.column_name)).not.toContain('status_code');
    const again = await createOverRest(body, key);
    expect([again.status, again.headers['x-idempotent-replay']]).toEqual([200, 'true']);
    expect(again.text).toBe(first.text);
  });

  it('over tRPC, the same record form: the procedure answers the kept value as a replay', async () => {
    const input = { ...draft(), idempotencyKey: randomUUID() };
    const first = ok(await trpc.mutate('campaigns.create', input));
    const { replay, ...value } = first;
    expect(replay).toBe(false);
    expect(JSON.parse((await recordOf('trpc:campaigns.create', input.idempotencyKey))!.result)).toEqual(value);
    expect(ok(await trpc.mutate('campaigns.create', input))).toEqual({ ...first, replay: true });
  });

  it('one stored result, rendered by each adapter: REST as its envelope, tRPC as its output, neither acting again', async () => {
    const body = draft();
    const restKey = randomUUID();
    const first = await createOverRest(body, restKey);
    const kept = (await recordOf('createCampaignDraft', restKey))!.result;
    // The same result kept for the same request made over tRPC (its own operation name and fingerprint).
    const input = { ...body, idempotencyKey: randomUUID() };
    const { scope } = idempotentRequest({ organizationId: org.id } as Member, 'campaigns.create', { ...ZCreateDraftBody.parse(body), idempotencyKey: input.idempotencyKey });
    const now = await env.deps.clock.now();
    await env.sql('insert into idempotency_records (organization_id, operation, key, fingerprint, result, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)', [
      org.id, scope.operation, scope.key, scope.fingerprint, kept, now, new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    ]);
    const overTrpc = ok(await trpc.mutate('campaigns.create', input));
    expect(overTrpc).toEqual({ ...first.body.data, replay: true });
    const overRest = await createOverRest(body, restKey);
    expect(overRest.text).toBe(successBody(kept));
    expect(overRest.text).toBe(first.text);
    expect(await campaignsNamed(body.name)).toBe(1);
  });
});

describe('migration 0025', () => {
  it("cuts each kept answer's value out of its envelope byte for byte, and expires a record in no such form", async () => {
    const answer = await createOverRest(draft(), randomUUID());
    const schema = `before_0025_${randomUUID().replaceAll('-', '')}`;
    await env.sql(`create schema ${schema}`);
    await env.sql(`create table ${schema}.idempotency_records (like idempotency_records including all)`);
    await env.sql(`alter table ${schema}.idempotency_records drop column result, add column status_code integer, add column response_body text`);
    const insert = (key: string, status: number, body: string) =>
      env.sql(`insert into ${schema}.idempotency_records (organization_id, operation, key, fingerprint, status_code, response_body, created_at, expires_at) values (?, 'op', ?, 'f', ?, ?, now(), now())`, [org.id, key, status, body]);
    await insert('kept', 201, answer.text);
    await insert('odd', 200, '{"data":{"id":1},"success":true}');
    const { statements } = await renderMigration('0025-idempotency-results', Migration0025IdempotencyResults);
    const em = env.orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute(`set local search_path to ${schema}`);
      for (const { sql } of statements) await tx.execute(sql);
    });
    const after = await env.sql<{ key: string; result: string }>(`select * from ${schema}.idempotency_records order by key`);
    expect(after.map(({ key, result }) => ({ key, result }))).toEqual([{ key: 'kept', result: JSON.stringify(answer.body.data) }]);
    expect(successBody(after[0]!.result)).toBe(answer.text);
    expect(Object.keys(after[0]!)).not.toContain('response_body');
    await env.sql(`drop schema ${schema} cascade`);
  });
});
