// Slow attackers, not members (issue 22, row 3): a member's device that signed in before is never kept waiting
// while someone fails for their email; the attacker's address is slowed; an unknown device waits the email's back-off.
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createOrg, setupTestEnv, type TestEnv } from '../support/app.ts';
import { trpcApp } from '../support/trpc.ts';

type Client = ReturnType<typeof request.agent> | ReturnType<typeof request>;

const attempt = (client: Client, email: string, password: string, address: string) =>
  client.post('/v1/auth/sign-in').set('X-Forwarded-For', address).send({ email, password });

/** Failures are measured by the database's real clock: this makes `s` seconds pass for them. */
const secondsPass = (e: TestEnv, s: number) => e.sql('update sign_in_failures set last_failure_at = last_failure_at - make_interval(secs => ?)', [s]);

const deviceCookieOf = (res: request.Response) => ((res.headers['set-cookie'] ?? []) as unknown as string[]).find((c) => c.startsWith('ujm_device='));

/** The service's own free failures (5 per email) and a small allowance per address, so the address is slowed within the test. */
const limits = { trustProxyHops: 1, rateLimits: { signInFreeFailuresPerEmail: 5, signInFreeFailuresPerAddress: 3 } };

describe('a member keeps signing in while an attacker fails for their email', () => {
  it("one wrong password a second from one address: the victim's known device signs in from new addresses every time; the attacker is slowed", async () => {
    const e = await setupTestEnv(limits);
    const o = await createOrg(e, { members: { victim: 'owner', colleague: 'admin' }, keys: {} });
    const victim = o.members.victim!;
    const colleague = o.members.colleague!;
    const phone = request.agent(e.app);
    const first = await attempt(phone, victim.email, victim.password, '192.0.2.10');
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Max-Age=31536000(;|$)/);
    expect(cookie).not.toContain(victim.email);

    const attacker: number[] = [];
    const victimStatuses: number[] = [];
    for (let round = 1; round <= 40; round++) {
      attacker.push((await attempt(request(e.app), victim.email, `guess-number-${round}`, '203.0.113.66')).status);
      // The phone moves between mobile addresses it never signed in from.
      victimStatuses.push((await attempt(phone, victim.email, victim.password, `198.51.100.${round}`)).status);
      await secondsPass(e, 1);
    }
    expect(victimStatuses).toEqual(Array(40).fill(200));
    expect(attacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attacker.filter((s) => s === 429).length).toBeGreaterThan(25);
    expect(new Set(attacker)).toEqual(new Set([401, 429]));

    // Once the waits have passed the attacker fails once more: their address is slowed for any email now, even a
    // colleague's correct password (the colleague signs in from anywhere else); the victim's device is not.
    await secondsPass(e, 61);
    expect((await attempt(request(e.app), victim.email, 'one-more-guess', '203.0.113.66')).status).toBe(401);
    const fromAttacker = await attempt(request(e.app), colleague.email, colleague.password, '203.0.113.66');
    expect(fromAttacker.status).toBe(429);
    expect(fromAttacker.body.error.code).toBe('rate_limited');
    expect((await attempt(request(e.app), colleague.email, colleague.password, '192.0.2.77')).status).toBe(200);
    expect((await attempt(phone, victim.email, victim.password, '203.0.113.66')).status).toBe(200);

    // An unknown device of the victim, at an address they never used: the email's failures slow it (429 with
    // Retry-After, at most 60 s); once the wait has passed its correct password is checked and signs in.
    const laptop = await attempt(request(e.app), victim.email, victim.password, '198.51.100.200');
    expect(laptop.status).toBe(429);
    expect(laptop.body.error.code).toBe('rate_limited');
    expect(Number(laptop.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(laptop.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A made-up device cookie is an unknown device.
    const forged = await request(e.app).post('/v1/auth/sign-in').set('X-Forwarded-For', '198.51.100.201').set('Cookie', 'ujm_device=made-up-token-value').send({ email: victim.email, password: victim.password });
    expect(forged.status).toBe(429);
    await secondsPass(e, 61);
    expect((await attempt(request(e.app), victim.email, victim.password, '198.51.100.200')).status).toBe(200);
  });

  it('a known device that fails more than 10 times in a quarter of an hour is trusted no more until its failures are forgotten', async () => {
    const e = await setupTestEnv(limits);
    const victim = (await createOrg(e, { members: { victim: 'owner' }, keys: {} })).members.victim!;
    const phone = request.agent(e.app);
    expect((await attempt(phone, victim.email, victim.password, '192.0.2.10')).status).toBe(200);
    // Someone holding the phone (or its cookie) guesses from ever new addresses: 10 guesses are checked at once.
    const guesses: number[] = [];
    for (let i = 1; i <= 11; i++) guesses.push((await attempt(phone, victim.email, `guess-number-${i}`, `203.0.113.${i}`)).status);
    expect(guesses).toEqual(Array(11).fill(401));
    expect((await attempt(phone, victim.email, victim.password, '198.51.100.9')).status).toBe(429);
    await secondsPass(e, 15 * 60);
    expect((await attempt(phone, victim.email, victim.password, '198.51.100.10')).status).toBe(200);
  });

  it('over tRPC too: auth.signIn sets the device cookie and honours it', async () => {
    const e = await setupTestEnv(limits);
    const app = trpcApp(e);
    const victim = (await createOrg(e, { members: { victim: 'owner' }, keys: {} })).members.victim!;
    const dashboard = request.agent(app);
    const signIn = (client: Client, address: string) =>
      client.post('/trpc/auth.signIn').set('X-Forwarded-For', address).set('Content-Type', 'application/json').send({ email: victim.email, password: victim.password });
    const first = await signIn(dashboard, '192.0.2.10');
    expect(first.status).toBe(200);
    expect(deviceCookieOf(first)).toMatch(/; HttpOnly/i);
    for (let i = 1; i <= 12; i++) {
      await secondsPass(e, 60);
      expect((await attempt(request(app), victim.email, `guess-number-${i}`, `203.0.113.${i}`)).status).toBe(401);
    }
    expect((await signIn(request(app), '198.51.100.50')).status).toBe(429);
    expect((await signIn(dashboard, '198.51.100.51')).status).toBe(200);
  });
});
