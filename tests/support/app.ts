// Test wiring: the real ORM on this file's database, an injectable clock, the service's app (REST behind
// what every surface shares; a test adds the other surfaces it calls) and fixtures.
import type { Express } from 'express';
import request from 'supertest';
import { afterAll } from 'vitest';
import type { AppConfig, Ctx, Deps, RateLimits } from '../../core/app/context.ts';
import type { Actor } from '../../core/app/actor.ts';
import type { Role, Scope } from '../../core/domain/access.ts';
import { SCOPES } from '../../core/domain/access.ts';
import { defaultConfig, newCtx } from '../../core/app/context.ts';
import { manualClock } from '../../core/app/clock.ts';
import { createOrm, type Orm } from '../../core/db/orm.ts';
import { createServiceApp } from '../../bin/server/app.ts';
import { createOrganization } from '../../core/app/organizations/create-organization.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { setPricePlan } from '../../core/app/price-plans/price-plan.ts';
import { addSenderId } from '../../core/app/sender-ids/add-sender-id.ts';
import { createMember } from '../../core/app/members/create-member.ts';
import { createApiKey } from '../../core/app/api-keys/create-api-key.ts';
import { testDatabaseUrl } from './db.ts';

export const operator: Actor = { kind: 'operator' };

export interface TestEnv {
  deps: Deps;
  orm: Orm;
  clock: ReturnType<typeof manualClock>;
  app: Express;
  ctx(): Promise<Ctx>;
  /** Raw SQL for assertions. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
}

/** One per test file: the ORM is closed after the file's tests. */
export async function setupTestEnv(config: Partial<Omit<AppConfig, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> } = {}): Promise<TestEnv> {
  const orm = await createOrm(await testDatabaseUrl(), { poolMax: 8 });
  afterAll(() => orm.close());
  const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
  const deps: Deps = {
    orm,
    clock,
    config: { ...defaultConfig, ...config, rateLimits: { ...defaultConfig.rateLimits, liveRps: 10_000, testRps: 10_000, signInFreeFailuresPerEmail: 10_000, signInFreeFailuresPerAddress: 10_000, ...config.rateLimits } },
  };
  const app = createServiceApp(deps, { logger: { error: (m, e) => console.error(m, e) } });
  return {
    deps,
    orm,
    clock,
    app,
    ctx: () => newCtx(deps),
    sql: async (query, params = []) => (await orm.em.fork().execute(query, params as never[])) as never,
  };
}

export interface OrgFixture {
  id: string;
  members: Record<string, { id: string; email: string; password: string; role: Role }>;
  keys: Record<string, { id: string; secret: string }>;
}

export interface OrgSpec {
  verified?: boolean;
  credit?: bigint;
  pricePlan?: boolean;
  senders?: { name: string; classes: ('transactional' | 'promotional')[]; routeApproved: boolean }[];
  members?: Record<string, Role>;
  keys?: Record<string, { mode: 'test' | 'live'; scopes?: Scope[] }>;
}

let counter = 0;

export async function createOrg(env: TestEnv, spec: OrgSpec = {}): Promise<OrgFixture> {
  const n = ++counter;
  const ctx = await env.ctx();
  const { organization } = await createOrganization(ctx, operator, { name: `Test org ${n}`, verified: spec.verified ?? true });
  const id = organization.id;
  if (spec.credit) await creditWallet(ctx, operator, { organizationId: id, amount: spec.credit, reference: `fixture ${n}` });
  if (spec.pricePlan ?? true) await setPricePlan(ctx, operator, { organizationId: id, transactional: 2000n, promotional: 2500n });
  for (const s of spec.senders ?? []) await addSenderId(ctx, operator, { organizationId: id, ...s });
  const members: OrgFixture['members'] = {};
  const wanted: Record<string, Role> = spec.members ?? { owner: 'owner' };
  for (const [label, role] of Object.entries(wanted)) {
    const email = `${label}.${n}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = `Passw0rd-${label}-${n}-long`;
    const { member } = await createMember(ctx, operator, id, { email, password, role });
    members[label] = { id: member.id, email, password, role };
  }
  const keys: OrgFixture['keys'] = {};
  for (const [label, k] of Object.entries(spec.keys ?? { test: { mode: 'test' }, live: { mode: 'live' } })) {
    const created = await createApiKey(ctx, operator, id, { name: label, mode: k.mode, scopes: k.scopes ?? [...SCOPES], expires_in_days: 365 });
    keys[label] = { id: created.api_key.id, secret: created.secret };
  }
  return { id, members, keys };
}

/** A signed-in member: keeps the cookies and sends X-CSRF-Token on state changes, like the dashboard. */
export async function signInAs(env: TestEnv, member: { email: string; password: string }) {
  const agent = request.agent(env.app);
  const res = await agent.post('/v1/auth/sign-in').send({ email: member.email, password: member.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const csrf = String(res.body.data.csrf_token);
  return { agent, csrf, signIn: res };
}

export function bearer(secret: string) {
  return { Authorization: `Bearer ${secret}` };
}

/** Runs every queued background job of this file's database to completion (graphile-worker's runOnce). */
export async function drainJobs(env: TestEnv): Promise<void> {
  const { runOnce } = await import('graphile-worker');
  const { taskList } = await import('../../workers/runner.ts');
  const { quietLogger } = await import('../../core/db/migrate.ts');
  await runOnce({ connectionString: await testDatabaseUrl(), taskList: taskList(env.deps), logger: quietLogger });
}

/**
 * Waits until n statements of this database wait on a lock: a test holds a table lock, lets
 * concurrent requests queue behind it, then releases them together to force a race.
 */
export async function waitForLockWaiters(env: TestEnv, n: number): Promise<void> {
  for (let i = 0; ; i++) {
    const [w] = await env.sql<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (Number(w?.n) >= n) return;
    if (i > 400) throw new Error(`only ${w?.n} of ${n} statements are waiting on a lock`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Rate limits measure real time by the database's clock, not the injected one: this moves every bucket's
 * last refill back by ms, as if that much real time had passed.
 */
export async function letRealTimePass(env: TestEnv, ms: number): Promise<void> {
  await env.sql('update rate_buckets set updated_at = updated_at - make_interval(secs => ?)', [ms / 1000]);
}

/**
 * Stops real time refilling one bucket until its next take, however slowly the machine gets there: its last
 * refill moves a day ahead, and a take refills nothing for time before it.
 */
export async function holdRefill(env: TestEnv, key: string): Promise<void> {
  await env.sql("update rate_buckets set updated_at = clock_timestamp() + interval '1 day' where key = ?", [key]);
}

/** As if one bucket's last take was exactly `seconds` of real time ago (and none of its tokens came back since). */
export async function lastTakeAgo(env: TestEnv, key: string, seconds: number): Promise<void> {
  await env.sql('update rate_buckets set updated_at = clock_timestamp() - make_interval(secs => ?) where key = ?', [seconds, key]);
}

/** Puts one bucket so deep in debt that it refuses every take for hours of real time, on any machine. */
export async function exhaustBucket(env: TestEnv, key: string): Promise<void> {
  await env.sql('update rate_buckets set tokens = -1e6 where key = ?', [key]);
}

/** One member of every role, labelled by the role's name. */
export const EVERY_ROLE = { owner: 'owner', admin: 'admin', developer: 'developer', marketer: 'marketer', analyst: 'analyst', billing: 'billing' } as const;

/** A member of every role signed in, API keys of both modes and one narrow key, and a second organization. */
export async function everyRoleSignedIn(env: TestEnv, readerScopes: Scope[]) {
  const org = await createOrg(env, {
    members: EVERY_ROLE,
    keys: { live: { mode: 'live' }, test: { mode: 'test' }, reader: { mode: 'live', scopes: readerScopes } },
  });
  const other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
  const sessions: Record<string, Awaited<ReturnType<typeof signInAs>>> = {};
  for (const label of Object.keys(org.members)) sessions[label] = await signInAs(env, org.members[label]!);
  return { org, other, sessions, otherOwner: await signInAs(env, other.members.owner!) };
}
