// The one-bind shortcut: with no bind configured, the worker runs one bind named `default` (SMPP_URL's, or in
// development its own simulator) carrying every operator. Once binds are configured, development runs one
// simulator of its own for each bind, and each operator's messages go by its route; a bind added while the workers
// run gets a simulator of its own too, and a removed one's simulator closes.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { startWorkers, type Workers } from '../../workers/runner.ts';
import { addBind, removeBind } from '../../core/app/binds/manage-binds.ts';
import { setRoute } from '../../core/app/binds/routes.ts';
import { listBinds } from '../../core/app/binds/list-binds.ts';
import { testDatabaseUrl } from '../support/db.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let workers: Workers | null = null;
let serial = 0;

beforeAll(async () => {
  env = await setupTestEnv({ smppSubmitTimeoutMs: 1000, simulatorReceiptDelayMs: 20 });
  org = await createOrg(env, { credit: 100_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
});

afterAll(async () => {
  await workers?.stop();
});

const start = async () => (workers = await startWorkers(env.deps, await testDatabaseUrl(), { dispatcher: { inFlight: 50, idleMs: 20, flushMs: 10 }, sender: null, periodic: [] }));

async function deliver(prefix: string) {
  serial += 1;
  const to = `+255${prefix}${String(serial).padStart(5, '0')}10`;
  const sent = await request(env.app).post('/v1/messages').set(bearer(org.keys.live!.secret)).set('X-Idempotency-Key', `d-${to}`).send({ to, from: 'UJUMBE', body: 'Habari', client_ref: to });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  const id = sent.body.data.id as string;
  const read = async () => (await request(env.app).get(`/v1/messages/${id}`).set(bearer(org.keys.live!.secret))).body.data;
  await expect.poll(async () => (await read()).status, { timeout: 15_000, interval: 50 }).toBe('delivered');
  const smsc = (await env.sql<{ smsc: string }>('select smsc from message_provider_ids where message_id = ?', [id]))[0]!.smsc;
  return { bind: (await read()).bind as string, smsc };
}

it('with no bind configured, one bind named default carries every operator', async () => {
  await start();
  const carried = [await deliver('75'), await deliver('68'), await deliver('65'), await deliver('62'), await deliver('73')];
  expect(carried.map((c) => c.bind)).toEqual(['default', 'default', 'default', 'default', 'default']);
  expect(new Set(carried.map((c) => c.smsc)).size).toBe(1);
  await expect
    .poll(async () => (await listBinds(await env.ctx())).binds[0]!.state.by_process[0]?.operators, { timeout: 10_000 })
    .toEqual(['vodacom', 'airtel', 'yas', 'halotel', 'ttcl', 'other']);
  await workers!.stop();
  workers = null;
}, 60_000);

it('with binds configured, development runs a simulator of its own for each bind, and messages go by route', async () => {
  const ctx = await env.ctx();
  const settings = { system_type: '', tps: 100, window: 10, submit_timeout_ms: 1000 };
  // Live dispatch is off: the URLs are never dialled, each bind's own simulator stands in.
  await addBind(ctx, 'default', { url: 'smpp://nobody:secret@192.0.2.1:2775', ...settings });
  await addBind(ctx, 'vodacom-1', { url: 'smpp://nobody:secret@192.0.2.2:2775', ...settings });
  await setRoute(ctx, 'vodacom', ['vodacom-1']);
  await start();
  const vodacom = await deliver('75');
  const airtel = await deliver('68');
  expect([vodacom.bind, airtel.bind]).toEqual(['vodacom-1', 'default']);
  expect(vodacom.smsc).not.toBe(airtel.smsc);
}, 60_000);

it('a bind added while the workers run gets a simulator of its own, with no restart; a removed one’s goes', async () => {
  const ctx = await env.ctx();
  const before = await Promise.all([deliver('75'), deliver('68')]);
  await addBind(ctx, 'airtel-1', { url: 'smpp://nobody:secret@192.0.2.3:2775', system_type: '', tps: 100, window: 10, submit_timeout_ms: 1000 });
  await setRoute(ctx, 'airtel', ['airtel-1']);
  // `ops binds` shows its lane within a few seconds, bound to its own simulator and carrying Airtel.
  await expect
    .poll(async () => (await listBinds(await env.ctx())).binds.find((b) => b.name === 'airtel-1')?.state.by_process[0], { timeout: 10_000 })
    .toMatchObject({ bound: true, operators: ['airtel'] });
  const airtel = await deliver('68');
  expect(airtel.bind).toBe('airtel-1');
  expect(before.map((c) => c.smsc)).not.toContain(airtel.smsc);
  // Airtel back to the default bind, and airtel-1 removed: its lane stops and its simulator closes.
  await setRoute(ctx, 'airtel', ['default']);
  await removeBind(ctx, 'airtel-1');
  const port = Number(airtel.smsc.split(':').pop());
  await expect.poll(() => portOpen(port), { timeout: 10_000 }).toBe(false);
  expect((await deliver('68')).bind).toBe('default');
}, 60_000);

/** Whether something listens on the port (the simulator of a bind). */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
