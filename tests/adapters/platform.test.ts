// GET /v1/service-status and GET /v1/sending-window over HTTP: who may read them, the SMS route,
// live dispatch (deployment flag AND platform switch), the injected clock, and the window in EAT.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ROLES, SCOPES, type Role, type Scope } from '../../core/domain/access.ts';
import { setLiveDispatch, setSendingWindow, setSmsRoute } from '../../core/app/platform/settings.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
/** A second app on the same database whose deployment allows live dispatch (LIVE_DISPATCH on). */
let liveEnv: TestEnv;
let org: OrgFixture;

const START = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  env = await setupTestEnv();
  liveEnv = await setupTestEnv({ liveDispatch: true });
  const keys: Record<string, { mode: 'test' | 'live'; scopes: Scope[] }> = {};
  for (const s of SCOPES) {
    keys[`live ${s}`] = { mode: 'live', scopes: [s] };
    keys[`test ${s}`] = { mode: 'test', scopes: [s] };
  }
  org = await createOrg(env, { members: Object.fromEntries(ROLES.map((r) => [r, r])) as Record<string, Role>, keys });
});

afterEach(async () => {
  env.clock.set(START);
  liveEnv.clock.set(START);
  await setSmsRoute(await env.ctx(), 'gsm0338');
  await setLiveDispatch(await env.ctx(), true);
  await setSendingWindow(await env.ctx(), '08:00', '20:00');
});

const key = (label: string) => bearer(org.keys[label]!.secret);
const status = (e: TestEnv = env, k = 'live messages:read') => request(e.app).get('/v1/service-status').set(key(k));
const windowNow = (k = 'live campaigns:read') => request(env.app).get('/v1/sending-window').set(key(k));

describe('GET /v1/service-status', () => {
  it.each(SCOPES.flatMap((s) => [`live ${s}`, `test ${s}`]))('a key holding only %s may read it', async (label) => {
    const res = await status(env, label);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { sms_route: 'gsm0338', live_dispatch: false, time: START.toISOString() } });
  });

  it.each(ROLES)('a signed-in %s may read it', async (role) => {
    const { agent } = await signInAs(env, org.members[role]!);
    const res = await agent.get('/v1/service-status');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sms_route: 'gsm0338', live_dispatch: false, time: START.toISOString() });
  });

  it('without credentials it is 401 unauthorized', async () => {
    const res = await request(env.app).get('/v1/service-status');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('refuses an unknown query parameter with 422 validation_failed', async () => {
    const res = await request(env.app).get('/v1/service-status').query({ verbose: 1 }).set(key('live messages:read'));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'verbose' });
  });

  it('sms_route follows setSmsRoute', async () => {
    for (const route of ['ascii', 'gsm0338', 'ascii'] as const) {
      await setSmsRoute(await env.ctx(), route);
      const res = await status();
      expect(res.body.data.sms_route).toBe(route);
    }
  });

  it.each([
    { deployment: false, platform: true, expected: false },
    { deployment: false, platform: false, expected: false },
    { deployment: true, platform: false, expected: false },
    { deployment: true, platform: true, expected: true },
  ])('live_dispatch is $expected when LIVE_DISPATCH is $deployment and the platform switch is $platform', async ({ deployment, platform, expected }) => {
    await setLiveDispatch(await env.ctx(), platform);
    const res = await status(deployment ? liveEnv : env);
    expect(res.status).toBe(200);
    expect(res.body.data.live_dispatch).toBe(expected);
  });

  it('time is the injected clock, as it moves', async () => {
    for (const at of ['2026-11-22T09:00:00.000Z', '2027-01-01T00:00:00.000Z', '2026-12-31T20:59:59.999Z']) {
      env.clock.set(new Date(at));
      const res = await status();
      expect(res.body.data.time).toBe(at);
    }
    env.clock.advance(90_000);
    expect((await status()).body.data.time).toBe('2026-12-31T21:01:29.999Z');
  });
});

describe('GET /v1/sending-window', () => {
  it('is refused to a key without campaigns:read (403 insufficient_scope)', async () => {
    for (const s of SCOPES.filter((x) => x !== 'campaigns:read')) {
      const res = await windowNow(`live ${s}`);
      expect(res.status, s).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
    }
  });

  it.each([
    ['owner', 200],
    ['admin', 200],
    ['marketer', 200],
    ['analyst', 200],
    ['developer', 403],
    ['billing', 403],
  ] as const)('a signed-in %s gets %i', async (role, code) => {
    const { agent } = await signInAs(env, org.members[role]!);
    const res = await agent.get('/v1/sending-window');
    expect(res.status).toBe(code);
    if (code === 403) expect(res.body.error.code).toBe('forbidden');
    else expect(res.body.data.sending_window.applies_to).toBe('promotional');
  });

  it('a test key with campaigns:read may read it', async () => {
    const res = await windowNow('test campaigns:read');
    expect(res.status).toBe(200);
  });

  // Default window 08:00 to 20:00 in Africa/Dar_es_Salaam (UTC+3): 05:00Z to 17:00Z.
  it.each([
    { at: '2026-11-22T04:59:00Z', eat: '07:59', open: false, next: '2026-11-22T05:00:00.000Z' },
    { at: '2026-11-22T04:59:59.999Z', eat: '07:59:59.999', open: false, next: '2026-11-22T05:00:00.000Z' },
    { at: '2026-11-22T05:00:00Z', eat: '08:00', open: true, next: '2026-11-23T05:00:00.000Z' },
    { at: '2026-11-22T09:00:00Z', eat: '12:00', open: true, next: '2026-11-23T05:00:00.000Z' },
    { at: '2026-11-22T16:59:59Z', eat: '19:59:59', open: true, next: '2026-11-23T05:00:00.000Z' },
    { at: '2026-11-22T17:00:00Z', eat: '20:00', open: false, next: '2026-11-23T05:00:00.000Z' },
    { at: '2026-11-22T20:59:00Z', eat: '23:59', open: false, next: '2026-11-23T05:00:00.000Z' },
    // 21:30Z is already 00:30 EAT on the next day: the next opening is that EAT day's 08:00.
    { at: '2026-11-22T21:30:00Z', eat: '00:30 next day', open: false, next: '2026-11-23T05:00:00.000Z' },
    { at: '2026-12-31T22:00:00Z', eat: '01:00 on 1 January', open: false, next: '2027-01-01T05:00:00.000Z' },
  ])('at $at ($eat EAT) open_now is $open and next_opening $next', async ({ at, open, next }) => {
    env.clock.set(new Date(at));
    const res = await windowNow();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        sending_window: {
          applies_to: 'promotional',
          opens: '08:00',
          closes: '20:00',
          time_zone: 'Africa/Dar_es_Salaam',
          open_now: open,
          next_opening: next,
        },
      },
    });
  });

  it.each([
    // 06:00 to 22:00 EAT = 03:00Z to 19:00Z.
    { opens: '06:00', closes: '22:00', at: '2026-11-22T02:59:00Z', open: false, next: '2026-11-22T03:00:00.000Z' },
    { opens: '06:00', closes: '22:00', at: '2026-11-22T18:30:00Z', open: true, next: '2026-11-23T03:00:00.000Z' },
    { opens: '06:00', closes: '22:00', at: '2026-11-22T19:00:00Z', open: false, next: '2026-11-23T03:00:00.000Z' },
    // A window spanning midnight: 22:00 to 06:00 EAT = 19:00Z to 03:00Z.
    { opens: '22:00', closes: '06:00', at: '2026-11-22T20:00:00Z', open: true, next: '2026-11-23T19:00:00.000Z' },
    { opens: '22:00', closes: '06:00', at: '2026-11-22T02:59:00Z', open: true, next: '2026-11-22T19:00:00.000Z' },
    { opens: '22:00', closes: '06:00', at: '2026-11-22T03:00:00Z', open: false, next: '2026-11-22T19:00:00.000Z' },
    { opens: '22:00', closes: '06:00', at: '2026-11-22T12:00:00Z', open: false, next: '2026-11-22T19:00:00.000Z' },
    // Opening equal to closing: open all day.
    { opens: '09:30', closes: '09:30', at: '2026-11-22T23:00:00Z', open: true, next: '2026-11-23T06:30:00.000Z' },
  ])('after setSendingWindow($opens, $closes), at $at open_now is $open and next_opening $next', async ({ opens, closes, at, open, next }) => {
    await setSendingWindow(await env.ctx(), opens, closes);
    env.clock.set(new Date(at));
    const res = await windowNow();
    expect(res.status).toBe(200);
    expect(res.body.data.sending_window).toEqual({
      applies_to: 'promotional',
      opens,
      closes,
      time_zone: 'Africa/Dar_es_Salaam',
      open_now: open,
      next_opening: next,
    });
  });

  it.each([['8:00'], ['24:00'], ['20:60'], ['noon'], ['']])('setSendingWindow refuses %j and keeps the window', async (bad) => {
    await expect(setSendingWindow(await env.ctx(), bad, '20:00')).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(setSendingWindow(await env.ctx(), '08:00', bad)).rejects.toMatchObject({ code: 'validation_failed' });
    const res = await windowNow();
    expect(res.body.data.sending_window).toMatchObject({ opens: '08:00', closes: '20:00' });
  });
});
