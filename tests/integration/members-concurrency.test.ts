// Members created at once with one email address: one per organization succeeds, the others are 409 email_taken, never a 500.
import { beforeAll, expect, it } from 'vitest';
import { createMember } from '../../core/app/members/create-member.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { createOrg, operator, setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await setupTestEnv();
});

it('concurrent creations of one email in two organizations: one member in each, the rest email_taken', async () => {
  const a = await createOrg(env, { keys: {} });
  const b = await createOrg(env, { keys: {} });
  const body = { email: 'same@example.com', password: 'long enough password', role: 'analyst' as const };
  // Inserts into members are held back (SHARE blocks inserts, not reads) until all four have passed
  // their duplicate check and wait, so they meet at the unique index as real simultaneous callers can.
  let pending: Promise<PromiseSettledResult<unknown>[]> = Promise.resolve([]);
  await env.orm.em.fork().transactional(async (em) => {
    await em.execute('lock table members in share mode');
    pending = Promise.allSettled([a, b, a, b].map(async (org) => createMember(await env.ctx(), operator, org.id, body)));
    for (let i = 0; ; i++) {
      const [w] = await env.sql<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (Number(w?.n) >= 4) break;
      if (i > 400) throw new Error(`only ${w?.n} of 4 creations are waiting`);
      await new Promise((r) => setTimeout(r, 25));
    }
  });
  const results = await pending;
  const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  expect(refused).toHaveLength(2);
  for (const err of refused) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('email_taken');
  }
  expect(await env.sql("select organization_id from members where email = 'same@example.com' order by organization_id")).toEqual(
    [a.id, b.id].sort().map((organization_id) => ({ organization_id })),
  );
});
