// A signed-in member changes their password: the current one is checked, the new one meets the password rule,
// every other session of theirs ends and this one goes on, and the change is audited.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createOrg, letRealTimePass, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { anonymous, ok, refused, signedIn, trpcApp } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
const NEW_PASSWORD = 'kobe tembo radio mchele 42';

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { members: { owner: 'owner', developer: 'developer' }, keys: {} });
});

describe('changing one’s password', () => {
  it('checks the current password and the new one, ends the other sessions and keeps this one', async () => {
    const member = org.members.developer!;
    const here = await signedIn(app, member);
    const elsewhere = await signedIn(app, member);
    const colleague = await signedIn(app, org.members.owner!);

    refused(await here.mutate('auth.changePassword', { current_password: 'not the password at all', new_password: NEW_PASSWORD }), 422, 'password_incorrect', 'current_password');
    refused(await here.mutate('auth.changePassword', { current_password: member.password, new_password: 'Password1234' }), 422, 'validation_failed', 'new_password');
    refused(await here.mutate('auth.changePassword', { current_password: member.password, new_password: member.password }), 422, 'validation_failed', 'new_password');
    // Refusals change nothing: every session still works.
    ok(await elsewhere.query('auth.me'));

    const changed = ok(await here.mutate('auth.changePassword', { current_password: member.password, new_password: NEW_PASSWORD }));
    expect(changed).toEqual({ password_changed: true, other_sessions_ended: 1 });
    ok(await here.query('auth.me'));
    refused(await elsewhere.query('auth.me'), 401, 'unauthorized');
    ok(await colleague.query('auth.me'));

    expect((await anonymous(app).mutate('auth.signIn', { email: member.email, password: member.password })).error?.code).toBe('unauthorized');
    ok(await (await signedIn(app, { email: member.email, password: NEW_PASSWORD })).query('auth.me'));
    const audit = await env.sql<{ action: string }>("select action from audit_events where organization_id = ? and target_id = ? and action like 'member.password%' order by id", [org.id, member.id]);
    expect(audit.map((a) => a.action)).toEqual(['member.password_change_failed', 'member.password_changed']);
  });

  it('gives a session five tries of the current password a quarter of an hour', async () => {
    const owner = await signedIn(app, org.members.owner!);
    await letRealTimePass(env, 900_000);
    for (let i = 0; i < 5; i++) {
      refused(await owner.mutate('auth.changePassword', { current_password: `a wrong guess ${i}`, new_password: NEW_PASSWORD }), 422, 'password_incorrect', 'current_password');
    }
    refused(await owner.mutate('auth.changePassword', { current_password: org.members.owner!.password, new_password: NEW_PASSWORD }), 429, 'rate_limited');
  });

  it('needs a session and its CSRF token', async () => {
    refused(await anonymous(app).mutate('auth.changePassword', { current_password: 'x', new_password: NEW_PASSWORD }), 401, 'unauthorized');
  });
});
