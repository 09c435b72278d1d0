// The operator CLI's numbers and inbound commands, run as real child processes against this file's PostgreSQL:
// assigning (a short code, a mobile number in any form, stored normalized), the refusals (a number another
// organization owns, named; malformed numbers), listing, releasing, the messages to numbers nobody owns, and a
// simulated message from a handset that a worker's own SMSC simulator sends over SMPP into the inbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInbound } from '../../core/app/inbound/store-inbound.ts';
import { startWorkers, type Workers } from '../../workers/runner.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { opsOk, runOps } from '../support/ops.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let url = '';
let org: OrgFixture;
let other: OrgFixture;
let workers: Workers | null = null;

const ok = (args: string[]) => opsOk(url, args);

async function refused(args: string[], exit: number, code: string, field?: string) {
  const run = await runOps(url, args);
  expect(run.code, JSON.stringify(run.out)).toBe(exit);
  expect(run.out.error).toMatchObject({ code, message: expect.any(String), ...(field ? { field } : {}) });
  return run.out.error as { message: string };
}

const owned = async () => env.sql<{ number: string; organization_id: string; kind: string }>('select number, organization_id, kind from inbound_numbers order by number');

beforeAll(async () => {
  env = await setupTestEnv();
  url = await testDatabaseUrl();
  org = await createOrg(env, { keys: {} });
  other = await createOrg(env, { keys: {} });
}, 60_000);

afterAll(async () => {
  await workers?.stop();
});

describe('ops numbers', () => {
  it('assigns a short code and a mobile number in any accepted form, stored normalized; again is a no-op', async () => {
    const code = await ok(['numbers', 'assign', '15500', '--org', org.id]);
    expect(code).toMatchObject({ assigned: true, number: { number: '15500', kind: 'short_code', organization_id: org.id, assigned_at: expect.any(String) } });
    const mobile = await ok(['numbers', 'assign', '0754 111 222', '--org', org.id]);
    expect(mobile).toMatchObject({ assigned: true, number: { number: '+255754111222', kind: 'long_number' } });
    expect((await ok(['numbers', 'assign', '+255754111222', '--org', org.id])).assigned).toBe(false);
    expect((await ok(['numbers', 'assign', '255754111222', '--org', org.id])).assigned).toBe(false);
    expect(await owned()).toEqual([
      { number: '+255754111222', organization_id: org.id, kind: 'long_number' },
      { number: '15500', organization_id: org.id, kind: 'short_code' },
    ]);
  }, 60_000);

  it("refuses a number another organization owns, naming it, and changes nothing", async () => {
    const error = await refused(['numbers', 'assign', '15500', '--org', other.id], 1, 'conflict', 'number');
    const [row] = await env.sql<{ name: string }>('select name from organizations where id = ?', [org.id]);
    expect(error.message).toContain(org.id);
    expect(error.message).toContain(row!.name);
    await refused(['numbers', 'assign', '0754111222', '--org', other.id], 1, 'conflict', 'number');
    expect((await owned()).every((n) => n.organization_id === org.id)).toBe(true);
  }, 60_000);

  it('refuses what is not a short code or a Tanzanian mobile number, and a missing or unknown organization', async () => {
    for (const bad of ['12', '123456789', 'abc', '0222123456', '+254712345678', '']) {
      await refused(['numbers', 'assign', bad, '--org', org.id], 2, 'validation_failed', 'number');
    }
    await refused(['numbers', 'assign', '15600'], 2, 'invalid_request', 'org');
    await refused(['numbers', 'assign', '15600', '--org', 'not-a-uuid'], 1, 'not_found', 'organization');
    await refused(['numbers', 'assign', '15600', '--org', '00000000-0000-7000-8000-000000000000'], 1, 'not_found', 'organization');
    expect((await owned()).map((n) => n.number)).not.toContain('15600');
  }, 60_000);

  it("lists one organization's numbers, or everyone's", async () => {
    await ok(['numbers', 'assign', '15700', '--org', other.id]);
    const mine = await ok(['numbers', 'list', '--org', org.id]);
    expect(mine.numbers.map((n: { number: string }) => n.number)).toEqual(['+255754111222', '15500']);
    const all = await ok(['numbers', 'list']);
    expect(all.numbers.map((n: { number: string }) => n.number).sort()).toEqual(['+255754111222', '15500', '15700']);
    expect(all.numbers.find((n: { number: string }) => n.number === '15700')).toMatchObject({ organization_id: other.id, organization_name: expect.any(String) });
  }, 60_000);

  it('releases a number, which another organization may then take; releasing one nobody owns is refused', async () => {
    const released = await ok(['numbers', 'release', '15700']);
    expect(released.released).toMatchObject({ number: '15700', organization_id: other.id });
    await refused(['numbers', 'release', '15700'], 1, 'not_found', 'number');
    await refused(['numbers', 'release', 'xyz'], 2, 'validation_failed', 'number');
    expect((await ok(['numbers', 'assign', '15700', '--org', org.id])).assigned).toBe(true);
  }, 60_000);
});

describe('ops inbound', () => {
  it('unowned lists the messages to numbers nobody owns, newest first', async () => {
    const at = await env.ctx();
    const base = { body: 'Hello?', encoding: 'gsm7' as const, parts: 1, smsc: 'ujumbe@test:1', bind: null, smscMessageRef: null };
    await storeInbound(at, { ...base, from: '255754000001', to: '19999' });
    await storeInbound(at, { ...base, from: '255754000002', to: '15500' });
    await storeInbound(at, { ...base, from: '255754000003', to: '19998', body: 'Second' });
    const listed = await ok(['inbound', 'unowned']);
    expect(listed.messages.map((m: { from: string; to: string; body: string }) => [m.from, m.to, m.body])).toEqual([
      ['+255754000003', '19998', 'Second'],
      ['+255754000001', '19999', 'Hello?'],
    ]);
    expect((await ok(['inbound', 'unowned', '--limit', '1'])).messages).toHaveLength(1);
    await refused(['inbound', 'unowned', '--limit', '0'], 2, 'validation_failed', 'limit');
  }, 60_000);

  it('simulate refuses bad input and queues nothing', async () => {
    const jobs = async () => (await env.sql<{ n: number }>("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'inbound_simulate'"))[0]!.n;
    await refused(['inbound', 'simulate', '--from', '0754123456', '--to', '15500'], 2, 'invalid_request', 'text');
    await refused(['inbound', 'simulate', '--from', '0754123456', '--to', '15500', '--text', ''], 2, 'validation_failed', 'text');
    await refused(['inbound', 'simulate', '--from', 'me', '--to', '15500', '--text', 'Hi'], 2, 'validation_failed', 'from');
    await refused(['inbound', 'simulate', '--from', '0754123456', '--to', '15500', '--text', 'Hi', '--concat', 'zip'], 2, 'validation_failed', 'concat');
    await refused(['inbound', 'simulate', '--from', '0754123456', '--to', '15500', '--text', 'Hi', '--parts', '0'], 2, 'validation_failed', 'parts');
    expect(await jobs()).toBe(0);
  }, 60_000);

  it("simulate makes a worker's SMSC simulator send the message over SMPP, stored for the owner of the short code", async () => {
    workers = await startWorkers(env.deps, url, { sender: null });
    const text = 'Habari, nataka kujua bei ya mchele na unga kwa wiki hii, tafadhali nijulishe mapema. Asante sana!';
    const queued = await ok(['inbound', 'simulate', '--from', '0754123456', '--to', '15500', '--text', text, '--parts', '2', '--concat', 'sar']);
    expect(queued.queued).toMatchObject({ job_id: expect.any(String), from: '0754123456', to: '15500', parts: 2, concat: 'sar' });
    const deadline = Date.now() + 20_000;
    let rows: Array<{ organization_id: string; body: string; parts: number; from_phone: string }> = [];
    while (rows.length === 0 && Date.now() < deadline) {
      rows = await env.sql('select organization_id, body, parts, from_phone from inbound_messages where to_number = ? and body = ?', ['15500', text]);
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([{ organization_id: org.id, body: text, parts: 2, from_phone: '+255754123456' }]);
  }, 60_000);
});
