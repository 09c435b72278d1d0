// A member's phone verified by a code texted through Ujumbe itself, and a password reset by a code sent the same
// way: each SMS really leaves over SMPP to the simulator, charged to nobody, and its code is read from what the
// simulator received. Codes are single use, last 15 minutes, and die after five wrong tries; the request answers
// alike whatever the address.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createOrg, drainJobs, letRealTimePass, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { anonymous, ok, refused, signedIn, trpcApp } from '../support/trpc.ts';
import { capturingMailer, codeTextedTo, startSmsDispatch, textsTo } from '../support/accounts.ts';
import { PLATFORM_ORGANIZATION_ID } from '../../core/domain/system-sms.ts';
import { CODE_TTL_MS } from '../../core/domain/one-time-codes.ts';
import type { SimulatedSubmit } from '../../workers/providers/smsc-simulator.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let submits: SimulatedSubmit[];
const mailer = capturingMailer();
const PHONE = '+255754300410';
const NEW_PASSWORD = 'kikapu ndege mvua taa 2031';

beforeAll(async () => {
  env = await setupTestEnv();
  // No mail here: the SMS is the only way a code leaves (mail has its test below, with its own member).
  env.deps.mailer = null;
  app = trpcApp(env);
  org = await createOrg(env, { members: { owner: 'owner', admin: 'admin' }, keys: {} });
  ({ submits } = await startSmsDispatch(env));
});

const owner = () => org.members.owner!;
let smsSeen = 0;

/** Whether the member signs in with this password and is then who they are. */
async function signsIn(member: { email: string; password: string }): Promise<void> {
  ok(await (await signedIn(app, member)).query('auth.me'));
}

/** Asks for a reset, runs the job, and reads the code from the SMS that reached the simulator. */
async function resetCodeBySms(email = owner().email): Promise<string> {
  // Each test asks anew: an hour of real time gives every allowance (member, number, address) back.
  await letRealTimePass(env, 3600_000);
  ok(await anonymous(app).mutate('auth.requestPasswordReset', { email }));
  await drainJobs(env);
  return codeTextedTo(submits, PHONE, ++smsSeen);
}

describe('a verified phone', () => {
  it('is set, texted a code through the dispatch, and verified with it', async () => {
    const client = await signedIn(app, owner());
    const set = ok(await client.mutate('members.setPhone', { phone: '0754 300 410' }));
    expect(set.phone).toEqual({ number: PHONE, verified: false, verified_at: null });
    const code = await codeTextedTo(submits, PHONE, ++smsSeen);
    refused(await client.mutate('members.verifyPhone', { code: code === '000000' ? '111111' : '000000' }), 422, 'code_invalid', 'code');
    const verified = ok(await client.mutate('members.verifyPhone', { code }));
    expect(verified.phone.verified).toBe(true);
    refused(await client.mutate('members.verifyPhone', { code }), 422, 'code_used', 'code');
  });
});

describe('a password reset by SMS code', () => {
  it('resets the password end to end, ends every session, charges nobody and keeps the code out of the stored body', async () => {
    const before = await signedIn(app, owner());
    const code = await resetCodeBySms();
    const reset = ok(await anonymous(app).mutate('auth.resetPassword', { email: owner().email, code, new_password: NEW_PASSWORD }));
    expect(reset).toMatchObject({ password_reset: true, organization_id: org.id });
    expect(reset.sessions_ended).toBeGreaterThanOrEqual(1);
    refused(await before.query('auth.me'), 401, 'unauthorized');
    const old = await anonymous(app).mutate('auth.signIn', { email: owner().email, password: owner().password });
    expect(old.error?.code).toBe('unauthorized');
    owner().password = NEW_PASSWORD;
    await signsIn(owner());

    // The SMS went as a system message of the platform, with no money and no ledger entry anywhere.
    const systemMessages = () => env.sql<{ status: string; charge: string; total: string; body: string; purpose: string }>(
      `select m.status, m.charge, m.total::text as total, m.body, s.purpose from messages m
       join system_messages s on s.organization_id = m.organization_id and s.message_id = m.id
       where m.organization_id = ? and m.to_phone = ? order by m.id`,
      [PLATFORM_ORGANIZATION_ID, PHONE],
    );
    // The simulator has them; the SMSC's answers are written a moment later.
    const deadline = Date.now() + 5000;
    while ((await systemMessages()).some((m) => m.status === 'accepted') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const sent = await systemMessages();
    expect(sent.map((m) => m.purpose)).toEqual(['phone_verification', 'password_reset']);
    for (const m of sent) {
      expect(m).toMatchObject({ charge: 'none', total: '0' });
      expect(m.status).not.toBe('accepted');
      expect(m.body).toContain('******');
      expect(m.body).not.toMatch(/\d{6}/);
    }
    expect(await env.sql('select 1 from ledger_entries where organization_id in (?, ?)', [PLATFORM_ORGANIZATION_ID, org.id])).toEqual([]);
    const audit = await env.sql<{ action: string }>("select action from audit_events where organization_id = ? and action like 'member.password_reset%' order by id", [org.id]);
    expect(audit.map((a) => a.action)).toEqual(['member.password_reset_requested', 'member.password_reset']);
  });

  it('refuses a code used once already', async () => {
    const code = await resetCodeBySms();
    ok(await anonymous(app).mutate('auth.resetPassword', { email: owner().email, code, new_password: 'pembe samaki jiko upepo 77' }));
    owner().password = 'pembe samaki jiko upepo 77';
    refused(await anonymous(app).mutate('auth.resetPassword', { email: owner().email, code, new_password: 'mwezi kalamu ziwa nyota 55' }), 422, 'code_used', 'code');
    await signsIn(owner());
  });

  it('voids a code after five wrong tries: the right code then fails too', async () => {
    const code = await resetCodeBySms();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      refused(await anonymous(app).mutate('auth.resetPassword', { email: owner().email, code: wrong, new_password: NEW_PASSWORD }), 422, 'code_invalid', 'code');
    }
    refused(await anonymous(app).mutate('auth.resetPassword', { email: owner().email, code, new_password: NEW_PASSWORD }), 422, 'code_voided', 'code');
    await signsIn(owner());
  });

  it('refuses a code past its 15 minutes', async () => {
    const code = await resetCodeBySms();
    env.clock.advance(CODE_TTL_MS + 1000);
    refused(await anonymous(app).mutate('auth.resetPassword', { email: owner().email, code, new_password: NEW_PASSWORD }), 422, 'code_expired', 'code');
    await signsIn(owner());
  });
});

describe('no enumeration', () => {
  it('answers a known and an unknown address alike, with the same steps, and only a member gets a code', async () => {
    const known = [owner().email, org.members.admin!.email];
    const unknown = ['nobody.here@example.com', 'ghost.member@example.org'];
    await letRealTimePass(env, 3600_000);
    const answers: unknown[] = [];
    for (const email of [...known, ...unknown]) {
      const jobs = await env.sql<{ n: number }>("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'password_reset'");
      const audits = await env.sql<{ n: number }>('select count(*)::int as n from audit_events');
      const res = await anonymous(app).mutate('auth.requestPasswordReset', { email });
      answers.push({ status: res.status, data: res.data, error: res.error });
      // Each request queues one job and writes nothing else the caller could see: no audit event yet.
      expect((await env.sql<{ n: number }>("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'password_reset'"))[0]!.n).toBe(jobs[0]!.n + 1);
      expect((await env.sql<{ n: number }>('select count(*)::int as n from audit_events'))[0]!.n).toBe(audits[0]!.n);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const smsBefore = textsTo(submits, PHONE).length;
    await drainJobs(env);
    // The owner's verified phone got its code; the admin has no phone and no mail is set up here, so nothing.
    await codeTextedTo(submits, PHONE, smsBefore + 1);
    smsSeen = smsBefore + 1;
    const wrong: unknown[] = [];
    for (const email of [...known, ...unknown]) {
      const res = await anonymous(app).mutate('auth.resetPassword', { email, code: '000001', new_password: NEW_PASSWORD });
      wrong.push({ status: res.status, error: res.error });
    }
    expect(new Set(wrong.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('mails the code where mail is set up, to a member without a phone too', async () => {
    env.deps.mailer = mailer;
    await letRealTimePass(env, 3600_000);
    try {
      ok(await anonymous(app).mutate('auth.requestPasswordReset', { email: org.members.admin!.email }));
      await drainJobs(env);
      const mail = mailer.sent.at(-1)!;
      expect(mail.to).toBe(org.members.admin!.email);
      const code = /Your code: (\d{6})/.exec(mail.text)![1]!;
      ok(await anonymous(app).mutate('auth.resetPassword', { email: org.members.admin!.email, code, new_password: NEW_PASSWORD }));
      await signsIn({ email: org.members.admin!.email, password: NEW_PASSWORD });
    } finally {
      env.deps.mailer = null;
    }
  });
});
