// The allowances around one-time codes and system messages (codes a member is sent, resets a client address asks
// for, texts a member gets), who may be texted a reset code (a verified number only), and how long codes are kept.
// Nothing here needs the SMS to leave: what is queued is read from the database.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createOrg, drainJobs, letRealTimePass, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { anonymous, ok, refused, signedIn, trpcApp } from '../support/trpc.ts';
import { capturingMailer } from '../support/accounts.ts';
import { PLATFORM_ORGANIZATION_ID } from '../../core/domain/system-sms.ts';
import { RETENTION, purgeExpired } from '../../core/db/retention/purges.ts';
import { nativePool } from '../../core/db/sql.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
const mailer = capturingMailer();

beforeAll(async () => {
  env = await setupTestEnv();
  env.deps.mailer = null;
  app = trpcApp(env);
  org = await createOrg(env, { members: { owner: 'owner', admin: 'admin', developer: 'developer' }, keys: {} });
});

const owner = () => org.members.owner!;

describe('allowances', () => {
  it('sends one member at most five codes an hour, however often a reset is asked for', async () => {
    env.deps.mailer = mailer;
    await letRealTimePass(env, 3600_000);
    try {
      const before = mailer.sent.length;
      for (let i = 0; i < 6; i++) ok(await anonymous(app).mutate('auth.requestPasswordReset', { email: org.members.admin!.email }));
      await drainJobs(env);
      expect(mailer.sent.length - before).toBe(5);
      const [last] = await env.sql<{ details: { sent: string[]; why?: string } }>(
        "select details from audit_events where target_id = ? and action = 'member.password_reset_requested' order by id desc limit 1",
        [org.members.admin!.id],
      );
      expect(last!.details).toMatchObject({ sent: [], why: expect.stringContaining('too many') });
    } finally {
      env.deps.mailer = null;
    }
  });

  it('lets one client address ask for ten resets an hour, whatever the addresses', async () => {
    await letRealTimePass(env, 3600_000);
    for (let i = 0; i < 10; i++) ok(await anonymous(app).mutate('auth.requestPasswordReset', { email: `someone.${i}@example.com` }));
    refused(await anonymous(app).mutate('auth.requestPasswordReset', { email: owner().email }), 429, 'rate_limited');
    await drainJobs(env);
  });
});

describe('who may be texted', () => {
  const other = '+255754300510';

  it('sends no reset code to a number set but never verified', async () => {
    const developer = org.members.developer!;
    await letRealTimePass(env, 3600_000);
    ok(await (await signedIn(app, developer)).mutate('members.setPhone', { phone: other }));
    ok(await anonymous(app).mutate('auth.requestPasswordReset', { email: developer.email }));
    await drainJobs(env);
    const queued = await env.sql<{ purpose: string }>(
      `select s.purpose from messages m join system_messages s on s.organization_id = m.organization_id and s.message_id = m.id
       where m.organization_id = ? and m.to_phone = ? order by m.id`,
      [PLATFORM_ORGANIZATION_ID, other],
    );
    expect(queued.map((q) => q.purpose)).toEqual(['phone_verification']);
    const [audit] = await env.sql<{ details: { sent: string[] } }>("select details from audit_events where target_id = ? and action = 'member.password_reset_requested'", [developer.id]);
    expect(audit!.details.sent).toEqual([]);
  });

  it('texts a member at most five times an hour; the sixth is refused and changes nothing', async () => {
    const client = await signedIn(app, org.members.developer!);
    await letRealTimePass(env, 3600_000);
    for (let i = 0; i < 5; i++) ok(await client.mutate('members.setPhone', { phone: `+25575430${String(i).padStart(2, '0')}20` }));
    const sixth = await client.mutate('members.setPhone', { phone: '+255754309920' });
    refused(sixth, 429, 'rate_limited');
    expect(ok(await client.query('members.phone')).phone.number).toBe('+255754300420');
  });
});

describe('retention', () => {
  it('deletes a code two days after it expired, not before', async () => {
    const [latest] = await env.sql<{ id: string; expires_at: string }>('select id, expires_at from one_time_codes order by expires_at desc limit 1');
    const expiry = new Date(latest!.expires_at).getTime();
    const pool = await nativePool(env.orm.em);
    await purgeExpired(pool, new Date(expiry + RETENTION.oneTimeCodesMs - 1000));
    expect(await env.sql('select 1 from one_time_codes where id = ?', [latest!.id])).toHaveLength(1);
    await purgeExpired(pool, new Date(expiry + RETENTION.oneTimeCodesMs + 1000));
    expect(await env.sql('select 1 from one_time_codes')).toEqual([]);
  });
});
