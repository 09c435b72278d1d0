// A worker process killed (SIGKILL) in the middle of its deliveries: the real worker (`npm run start:worker`)
// claims the deliveries and posts them to a receiver that holds every request; the process dies with no answer
// written. Once the lease runs out another worker attempts each again with the same webhook-id and delivers it:
// nothing is marked delivered without a 2xx, and no event is lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../core/db/webhooks/claim.ts';
import { sendDueWebhooks } from '../../workers/webhook-sender.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';
import { testDatabaseUrl } from '../support/db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const key = randomBytes(32);
const EVENTS = 3;

let env: TestEnv;
let worker: ChildProcess | null = null;
let server: http.Server;
const held: http.ServerResponse[] = [];
const received: { id: string; body: string; answered: boolean }[] = [];
let holding = true;
let allHeld: () => void;
const allHeldNow = new Promise<void>((resolve) => (allHeld = resolve));

beforeAll(async () => {
  env = await setupTestEnv({ webhooksAllowLoopback: true, webhookSecretsKey: key });
  env.clock.set(new Date());
  // Holds every request while `holding`; answers 200 after.
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), body, answered: !holding });
      if (holding) {
        held.push(res);
        if (held.length === EVENTS) allHeld();
        return;
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});

afterAll(async () => {
  worker?.kill('SIGKILL');
  held.forEach((r) => r.destroy());
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('a webhook worker killed mid-delivery', () => {
  it('leaves its leases to run out; the next worker delivers every event with the same webhook-id', async () => {
    const org = await createOrg(env, { credit: 1_000_000n, senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }] });
    const owner = await signInAs(env, org.members.owner!);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const created = await owner.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', owner.csrf).send({ url, event_types: ['message.delivered'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids: string[] = [];
    for (let n = 1; n <= EVENTS; n++) {
      const res = await request(env.app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', `killed-${n}`)
        .send({ to: `+25575400${n}120`, from: 'UJUMBE', body: 'Habari', client_ref: `killed-${n}` });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      ids.push(res.body.data.id);
    }

    // The worker as an operator runs it, on this database, until every delivery is in flight to the receiver.
    const dataDir = path.join(os.tmpdir(), `ujumbe-killed-${randomBytes(4).toString('hex')}`);
    worker = spawn(process.execPath, ['bin/start-worker.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: await testDatabaseUrl(), NODE_ENV: 'development', WEBHOOK_SECRETS_KEY: key.toString('base64'), DATA_DIR: dataDir, LIVE_DISPATCH: 'off', CLOCK: 'system' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    worker.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => worker!.once('exit', (code, signal) => resolve(signal ?? code)));
    await Promise.race([allHeldNow, exited.then(() => Promise.reject(new Error(`the worker exited early: ${stderr}`)))]);
    const [inFlight] = await env.sql<{ leased: number }>("select count(*)::int as leased from webhook_deliveries where organization_id = ? and status = 'pending' and lease_until is not null", [org.id]);
    expect(inFlight!.leased).toBe(EVENTS);

    worker.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    worker = null;
    holding = false;
    held.forEach((r) => r.destroy());

    // Nothing was answered, so nothing is delivered; each delivery has an attempt without an answer.
    const pending = await env.sql<{ status: string; attempts: number }>('select status, attempts from webhook_deliveries where organization_id = ?', [org.id]);
    expect(pending).toEqual(Array.from({ length: EVENTS }, () => ({ status: 'pending', attempts: 1 })));
    // Before the lease runs out no other worker takes them; after, one does.
    await sendDueWebhooks(env.deps);
    expect(received.filter((r) => r.answered)).toEqual([]);
    env.clock.set(new Date(Date.now() + LEASE_MS + 1_000));
    await sendDueWebhooks(env.deps);

    const answered = received.filter((r) => r.answered);
    expect(answered.map((r) => JSON.parse(r.body).data.id).sort()).toEqual([...ids].sort());
    const first = received.filter((r) => !r.answered);
    expect(answered.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());
    const done = await env.sql<{ status: string; attempts: number }>('select status, attempts from webhook_deliveries where organization_id = ?', [org.id]);
    expect(done).toEqual(Array.from({ length: EVENTS }, () => ({ status: 'delivered', attempts: 2 })));
  }, 60_000);
});
