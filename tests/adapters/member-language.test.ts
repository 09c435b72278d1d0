// A member's dashboard language: none until they choose (the browser's language shows), their choice kept on the server for every device they
// sign in on, their own only, and nothing but English or Kiswahili accepted.
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp } from '../support/trpc.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, { members: { owner: 'owner', analyst: 'analyst' } });
});

describe('auth.setLanguage', () => {
  it('is none until chosen (the browser decides); the choice follows the member to another device and is theirs alone', async () => {
    const phone = await signedIn(app, org.members.owner!);
    expect(ok(await phone.query('auth.me')).language).toBeNull();
    expect(ok(await phone.mutate('auth.setLanguage', { language: 'sw' }))).toEqual({ language: 'sw' });
    const laptop = await signedIn(app, org.members.owner!);
    expect(ok(await laptop.query('auth.me')).language).toBe('sw');
    const analyst = await signedIn(app, org.members.analyst!);
    expect(ok(await analyst.query('auth.me')).language).toBeNull();
    const [row] = await env.sql<{ language: string }>('select language from members where id = ?', [org.members.owner!.id]);
    expect(row!.language).toBe('sw');
  });

  it.each([{ language: 'fr' }, { language: 'SW' }, {}, { language: 'sw', extra: 1 }])('refuses %j with the field, changing nothing', async (input) => {
    const member = await signedIn(app, org.members.analyst!);
    const field = 'extra' in input ? undefined : 'language';
    const answer = await member.mutate('auth.setLanguage', input);
    refused(answer, 400, 'validation_failed', field);
    expect(ok(await member.query('auth.me')).language).toBeNull();
  });
});
