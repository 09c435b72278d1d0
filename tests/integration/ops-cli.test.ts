// The operator CLI run as a real child process against this file's PostgreSQL database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../support/db.ts';
import { opsOk, runOps } from '../support/ops.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PASSWORD = 'Cf-0123456789ab-Zz9!';

let url = '';
let db: pg.Client;
let org = '';

const ops = (args: string[], env: Record<string, string> = {}) => runOps(url, args, env);
const ok = (args: string[], env: Record<string, string> = {}) => opsOk(url, args, env);

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(query, params)).rows as T[];
}

beforeAll(async () => {
  url = await testDatabaseUrl();
  db = new pg.Client({ connectionString: url });
  await db.connect();
  org = (await ok(['org', 'create', '--name', 'Fixture Ltd', '--verified'])).organization.id;
}, 60_000);

afterAll(async () => {
  await db?.end();
});

describe('ops: happy paths', () => {
  it('prints its usage as JSON with no arguments and with --help', async () => {
    for (const args of [[], ['--help']]) {
      const run = await ops(args);
      expect(run.code).toBe(0);
      expect(run.out.usage).toEqual(expect.arrayContaining([expect.stringContaining('org create --name N [--verified]')]));
      expect(run.out.usage).toHaveLength(37);
    }
  });

  it('creates, verifies and unverifies organizations', async () => {
    const created = (await ok(['org', 'create', '--name', '  Duka la Mama  '])).organization;
    expect(created).toMatchObject({ name: 'Duka la Mama', verified: false });
    expect(created.id).toMatch(UUID);
    expect((await ok(['org', 'verify', created.id])).organization.verified).toBe(true);
    expect((await ok(['org', 'unverify', created.id])).organization.verified).toBe(false);
    const wallets = await sql<{ available: string }>('select available from wallets where organization_id = $1', [created.id]);
    expect(wallets.map((w) => Number(w.available))).toEqual([0]);
  });

  it('credits, freezes and unfreezes the wallet', async () => {
    const first = await ok(['wallet', 'credit', org, '--amount', '1000000', '--reference', 'top-up 1']);
    expect(first.ledger_entry_id).toMatch(UUID);
    expect(first.wallet).toMatchObject({ available: 1_000_000, held: 0, frozen: false });
    const second = await ok(['wallet', 'credit', org, '--amount', '250', '--reference', 'top-up 2']);
    expect(second.wallet.available).toBe(1_000_250);
    expect((await ok(['wallet', 'freeze', org])).wallet.frozen).toBe(true);
    expect((await ok(['wallet', 'unfreeze', org])).wallet.frozen).toBe(false);
  }, 60_000);

  it('sets a new price plan version each time', async () => {
    const v1 = (await ok(['price-plan', 'set', org, '--transactional', '2000', '--promotional', '2500'])).price_plan;
    expect(v1).toMatchObject({ transactional: 2000, promotional: 2500 });
    const v2 = (await ok(['price-plan', 'set', org, '--transactional', '1800', '--promotional', '2400'])).price_plan;
    expect(v2.version).toBe(v1.version + 1);
  });

  it('adds a sender ID and approves its route separately', async () => {
    const added = (await ok(['sender', 'add', org, '--name', 'TXONLY', '--classes', 'transactional'])).sender_id;
    expect(added).toMatchObject({ name: 'TXONLY', approval: { status: 'approved', traffic_classes: ['transactional'] } });
    expect(added.provider_approval.status).toBe('pending');
    const routed = (await ok(['sender', 'route-approve', org, '--name', 'TXONLY'])).sender_id;
    expect(routed.provider_approval.status).toBe('approved');
    const both = (await ok(['sender', 'add', org, '--name', 'UJUMBE', '--route-approved'])).sender_id;
    expect(both.approval.traffic_classes).toEqual(['transactional', 'promotional']);
    expect(both.provider_approval.status).toBe('approved');
  }, 60_000);

  it('adds a member and creates keys, one recorded as that member\'s', async () => {
    const member = (await ok(['member', 'add', org, '--email', 'Dev@Example.com', '--password', PASSWORD, '--role', 'developer'])).member;
    expect(member).toMatchObject({ email: 'dev@example.com', role: 'developer' });
    const test = await ok(['key', 'create', org, '--mode', 'test', '--scopes', 'messages:send,messages:read', '--name', 'ci']);
    expect(test.secret).toMatch(/^ujm_test_[0-9A-Za-z]{32}$/);
    expect(test.api_key).toMatchObject({ name: 'ci', mode: 'test', scopes: ['messages:send', 'messages:read'], status: 'active', created_by: null });
    expect(test.api_key.id).toMatch(UUID);
    const live = await ok(['key', 'create', org, '--mode', 'live', '--scopes', 'wallet:read', '--member', 'DEV@example.com']);
    expect(live.secret).toMatch(/^ujm_live_[0-9A-Za-z]{32}$/);
    expect(live.api_key.created_by).toBe(member.id);
    expect(live.api_key.name).toEqual(expect.any(String));
  }, 60_000);

  it('changes the platform settings', async () => {
    expect((await ok(['platform', 'route', 'ascii'])).settings.sms_route).toBe('ascii');
    expect((await ok(['platform', 'route', 'gsm0338'])).settings.sms_route).toBe('gsm0338');
    const window = (await ok(['platform', 'window', '--opens', '22:00', '--closes', '06:00'])).settings;
    expect(window.sending_window).toEqual({ opens: '22:00', closes: '06:00' });
    expect((await ok(['platform', 'live-dispatch', 'on'])).settings.live_dispatch).toBe(true);
    expect((await ok(['platform', 'live-dispatch', 'off'])).settings.live_dispatch).toBe(false);
  }, 60_000);

  it('serves concurrent calls, as scripts that set up fixtures in parallel make them', async () => {
    const names = ['P1', 'P2', 'P3', 'P4'];
    const runs = await Promise.all(names.map((n) => ok(['org', 'create', '--name', n])));
    expect(runs.map((r) => r.organization.name).sort()).toEqual(names);
  }, 60_000);

  it('runs the due transitions', async () => {
    expect((await ok(['tick'])).tick).toEqual(expect.any(Object));
  });

  it('moves the test clock stored in the database with CLOCK=test', async () => {
    const testClock = { CLOCK: 'test' };
    const offset = async () => Number((await sql<{ o: string }>('select clock_offset_ms as o from platform_settings where id'))[0]?.o);
    expect((await ok(['clock', 'reset'], testClock)).clock.offset_ms).toBe(0);
    const advanced = (await ok(['clock', 'advance', '--seconds', '3600'], testClock)).clock;
    expect(advanced.offset_ms).toBe(3_600_000);
    expect(await offset()).toBe(3_600_000);
    expect(Date.parse(advanced.now) - Date.now()).toBeGreaterThan(3_500_000);
    await ok(['clock', 'advance', '--seconds', '60'], testClock);
    expect(await offset()).toBe(3_660_000);
    const set = (await ok(['clock', 'set', '--at', '2030-01-01T00:00:00Z'], testClock)).clock;
    expect(Math.abs(Date.parse(set.now) - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(5_000);
    await ok(['clock', 'reset'], testClock);
    expect(await offset()).toBe(0);
  }, 60_000);
});

describe('ops: refusals', () => {
  const unknownOrg = '01a00000-0000-7000-8000-000000000000';
  const cases: Array<{ what: string; args: () => string[]; exit: number; code: string; field?: string }> = [
    { what: 'an unknown command', args: () => ['frobnicate'], exit: 2, code: 'invalid_request', field: 'command' },
    { what: 'an unknown subcommand', args: () => ['org', 'delete', org], exit: 2, code: 'invalid_request', field: 'command' },
    { what: 'a missing --name', args: () => ['org', 'create'], exit: 2, code: 'invalid_request', field: 'name' },
    { what: 'a flag without its value', args: () => ['org', 'create', '--name'], exit: 2, code: 'invalid_request', field: 'name' },
    { what: 'an unknown flag', args: () => ['org', 'create', '--name', 'X', '--colour', 'red'], exit: 2, code: 'invalid_request', field: 'colour' },
    { what: 'a missing ORG', args: () => ['org', 'verify'], exit: 2, code: 'invalid_request', field: 'ORG' },
    { what: 'a negative amount', args: () => ['wallet', 'credit', org, '--amount', '-5', '--reference', 'r'], exit: 2, code: 'validation_failed', field: 'amount' },
    { what: 'a fractional amount', args: () => ['wallet', 'credit', org, '--amount', '10.5', '--reference', 'r'], exit: 2, code: 'validation_failed', field: 'amount' },
    { what: 'a non-numeric price', args: () => ['price-plan', 'set', org, '--transactional', 'ten', '--promotional', '1'], exit: 2, code: 'validation_failed', field: 'transactional' },
    { what: 'a bad role', args: () => ['member', 'add', org, '--email', 'r@example.com', '--password', PASSWORD, '--role', 'king'], exit: 2, code: 'validation_failed', field: 'role' },
    { what: 'a short password', args: () => ['member', 'add', org, '--email', 'p@example.com', '--password', 'short', '--role', 'owner'], exit: 2, code: 'validation_failed', field: 'password' },
    { what: 'bad scopes', args: () => ['key', 'create', org, '--mode', 'test', '--scopes', 'messages:send,everything'], exit: 2, code: 'validation_failed', field: 'scopes' },
    { what: 'a bad mode', args: () => ['key', 'create', org, '--mode', 'prod', '--scopes', 'messages:send'], exit: 2, code: 'validation_failed', field: 'mode' },
    { what: 'unknown sender classes', args: () => ['sender', 'add', org, '--name', 'X', '--classes', 'marketing'], exit: 2, code: 'validation_failed', field: 'classes' },
    { what: 'a bad window time', args: () => ['platform', 'window', '--opens', '8:00', '--closes', '20:00'], exit: 2, code: 'validation_failed', field: 'opens' },
    { what: 'a bad route', args: () => ['platform', 'route', 'utf8'], exit: 2, code: 'validation_failed', field: 'route' },
    { what: 'the clock without CLOCK=test', args: () => ['clock', 'advance', '--seconds', '60'], exit: 2, code: 'invalid_request', field: 'CLOCK' },
    { what: 'an unknown ORG', args: () => ['org', 'verify', unknownOrg], exit: 1, code: 'not_found', field: 'organization' },
    { what: 'an unknown ORG to credit', args: () => ['wallet', 'credit', unknownOrg, '--amount', '100', '--reference', 'r'], exit: 1, code: 'not_found' },
    { what: 'a malformed ORG', args: () => ['wallet', 'freeze', 'acme'], exit: 1, code: 'not_found' },
    { what: 'an unknown member for a key', args: () => ['key', 'create', org, '--mode', 'test', '--scopes', 'messages:send', '--member', 'ghost@example.com'], exit: 1, code: 'not_found', field: 'member' },
    { what: 'an unknown sender to route-approve', args: () => ['sender', 'route-approve', org, '--name', 'NOSUCH'], exit: 1, code: 'not_found' },
  ];

  // Concurrent: each case is its own process, and most never reach the database.
  it.concurrent.for(cases)('refuses $what with a JSON error', async ({ args, exit, code, field }, { expect }) => {
    const run = await ops(args());
    expect(run.code).toBe(exit);
    expect(Object.keys(run.out)).toEqual(['error']);
    expect(run.out.error).toMatchObject({ code, message: expect.any(String) });
    if (field) expect(run.out.error.field).toBe(field);
  });

  it('refuses a second member with the same email', async () => {
    await ok(['member', 'add', org, '--email', 'twice@example.com', '--password', PASSWORD, '--role', 'analyst']);
    const run = await ops(['member', 'add', org, '--email', 'twice@example.com', '--password', PASSWORD, '--role', 'analyst']);
    expect(run.code).toBe(1);
    expect(run.out.error).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it('refuses a clock advance that is not a whole number of seconds', async () => {
    const run = await ops(['clock', 'advance', '--seconds', '1.5'], { CLOCK: 'test' });
    expect(run.code).toBe(2);
    expect(run.out.error).toMatchObject({ code: 'validation_failed', field: 'seconds' });
  });
});
