// `ops binds` and `ops routes` run as real child processes: every input checked with a precise JSON error that
// leaves nothing behind, the password never printed, and a bind in a route never removed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../support/db.ts';
import { opsOk, runOps } from '../support/ops.ts';

let url = '';
let db: pg.Client;
const SECRET = 'Pw-7s3cr3t';
const smpp = (port: number) => `smpp://vodacom:${SECRET}@127.0.0.1:${port}`;

const ops = (args: string[]) => runOps(url, args);
const ok = (args: string[]) => opsOk(url, args);

beforeAll(async () => {
  url = await testDatabaseUrl();
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 60_000);

afterAll(async () => {
  await db?.end();
});

const count = async (table: string) => Number((await db.query(`select count(*) from ${table}`)).rows[0].count);

describe('ops binds and routes', () => {
  it('with no bind configured, lists the default bind from the environment and routes every operator to it', async () => {
    const listed = await ok(['binds']);
    expect(listed.binds).toEqual([expect.objectContaining({ name: 'default', from_environment: true, enabled: true })]);
    const routes = await ok(['routes', 'list']);
    expect(routes.routes).toHaveLength(6);
    expect(routes.routes.every((r: { binds: string[]; source: string }) => r.binds[0] === 'default' && r.source === 'default')).toBe(true);
  }, 60_000);

  it('adds, changes, disables and enables a bind; its password is sealed, never printed', async () => {
    const run = await ops(['binds', 'add', 'vodacom-1', '--url', smpp(2775), '--system-type', 'VMA', '--tps', '80', '--window', '40']);
    expect(run.code).toBe(0);
    expect(JSON.stringify(run.out)).not.toContain(SECRET);
    expect(run.out.bind).toMatchObject({ name: 'vodacom-1', url: 'smpp://vodacom@127.0.0.1:2775', system_type: 'VMA', tps: 80, window: 40, submit_timeout_ms: 10_000, enabled: true });
    const stored = (await db.query('select url_sealed, url_shown from smsc_binds where name = $1', ['vodacom-1'])).rows[0];
    expect(stored.url_sealed).not.toContain(SECRET);
    expect((await ok(['binds', 'set', 'vodacom-1', '--tps', '120', '--url', smpp(2776)])).bind).toMatchObject({ tps: 120, window: 40, url: 'smpp://vodacom@127.0.0.1:2776' });
    expect((await ok(['binds', 'disable', 'vodacom-1'])).bind.enabled).toBe(false);
    expect((await ok(['binds', 'enable', 'vodacom-1'])).bind.enabled).toBe(true);
    const listed = await ok(['binds', 'list']);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect(listed.binds.map((b: { name: string }) => b.name)).toEqual(['vodacom-1']);
    expect(listed.binds[0].state).toEqual({ total: expect.objectContaining({ processes: 0, bound: 0 }), by_process: [] });
  }, 60_000);

  it('sets routes of known binds only, and refuses to remove a bind a route names', async () => {
    await ok(['binds', 'add', 'spare-1', '--url', smpp(2777)]);
    const set = await ok(['routes', 'set', 'vodacom', '--binds', 'vodacom-1,spare-1']);
    expect(set.routes.find((r: { operator: string }) => r.operator === 'vodacom')).toEqual({ operator: 'vodacom', binds: ['vodacom-1', 'spare-1'], source: 'route' });
    // With binds configured and none named default, an operator without a route has nowhere to go: it waits.
    expect(set.routes.find((r: { operator: string }) => r.operator === 'airtel')).toEqual({ operator: 'airtel', binds: [], source: 'none' });
    const refused = await ops(['binds', 'remove', 'spare-1']);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatchObject({ error: { code: 'conflict', field: 'name', message: expect.stringContaining('vodacom') } });
    expect(await count('smsc_binds')).toBe(2);
    await ok(['routes', 'set', 'vodacom', '--binds', 'vodacom-1']);
    expect((await ok(['binds', 'remove', 'spare-1'])).removed).toBe('spare-1');
    expect(await count('smsc_binds')).toBe(1);
  }, 60_000);

  it.each([
    [['binds', 'add', 'Vodacom 1', '--url', 'smpp://a:b@h:1'], 'validation_failed', 'name'],
    [['binds', 'add', 'x-1'], 'invalid_request', 'url'],
    [['binds', 'add', 'x-1', '--url', 'http://a:b@h:1'], 'validation_failed', 'url'],
    [['binds', 'add', 'x-1', '--url', 'smpp://h:1'], 'validation_failed', 'url'],
    [['binds', 'add', 'x-1', '--url', 'smpp://a:b@h:1', '--tps', '0'], 'validation_failed', 'tps'],
    [['binds', 'add', 'x-1', '--url', 'smpp://a:b@h:1', '--window', '1.5'], 'validation_failed', 'window'],
    [['binds', 'add', 'x-1', '--url', 'smpp://a:b@h:1', '--submit-timeout-ms', '99'], 'validation_failed', 'submit-timeout-ms'],
    [['binds', 'add', 'x-1', '--url', 'smpp://a:b@h:1', '--system-type', 'THIRTEEN-LONG'], 'validation_failed', 'system-type'],
    [['binds', 'add', 'vodacom-1', '--url', 'smpp://a:b@h:1'], 'conflict', 'name'],
    [['binds', 'set', 'vodacom-1'], 'invalid_request', 'settings'],
    [['binds', 'set', 'nobody', '--tps', '5'], 'not_found', 'name'],
    [['binds', 'remove', 'nobody'], 'not_found', 'name'],
    [['binds', 'disable', 'nobody'], 'not_found', 'name'],
    [['binds', 'frobnicate'], 'invalid_request', 'command'],
    [['routes', 'set', 'safaricom', '--binds', 'vodacom-1'], 'validation_failed', 'operator'],
    [['routes', 'set', 'airtel'], 'invalid_request', 'binds'],
    [['routes', 'set', 'airtel', '--binds', 'vodacom-1,vodacom-1'], 'validation_failed', 'binds'],
    [['routes', 'set', 'airtel', '--binds', 'vodacom-1,nobody'], 'validation_failed', 'binds'],
  ])('refuses %j with %s on %s, leaving nothing behind', async (args, code, field) => {
    const before = [await count('smsc_binds'), await count('smsc_routes'), JSON.stringify((await db.query('select * from smsc_binds order by name')).rows)];
    const run = await ops(args);
    expect(run.code).not.toBe(0);
    expect(run.out).toMatchObject({ error: { code, field } });
    expect(JSON.stringify(run.out)).not.toContain('a:b@');
    expect([await count('smsc_binds'), await count('smsc_routes'), JSON.stringify((await db.query('select * from smsc_binds order by name')).rows)]).toEqual(before);
  }, 60_000);
});
