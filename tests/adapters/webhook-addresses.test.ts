// Webhooks reach public addresses only (issue 22, row 1). Outside development an endpoint at any special-purpose
// address, in any of its IPv6 disguises, is refused with 422 validation_failed (field url) and nothing is stored;
// an endpoint already stored with such an address (saved before this rule, or by a name that now resolves
// there) connects nowhere: a listener on 127.0.0.1 counts no connection and the attempt is recorded as refused
// with its reason. In development a receiver on loopback still gets its signed webhooks.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../core/app/webhooks/secret-box.ts';
import { sendDueWebhooks } from '../../workers/webhook-sender.ts';
import { createOrg, setupTestEnv, signInAs, type TestEnv } from '../support/app.ts';

let production: TestEnv;
let development: TestEnv;
let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  production = await setupTestEnv({ webhooksAllowLoopback: false });
  development = await setupTestEnv({ webhooksAllowLoopback: true });
  // standardwebhooks checks webhook-timestamp against the real time.
  development.clock.set(new Date());
  listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => listener.close(() => r())));

// The probe's forms, and every other way of writing a special-purpose address.
const REFUSED = [
  ['https://[::ffff:169.254.169.254]/', 'an IPv4-mapped address of 169.254.169.254, a link-local address'],
  ['https://[::ffff:127.0.0.1]:4413/', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
  ['https://[::ffff:10.0.0.1]/', 'an IPv4-mapped address of 10.0.0.1, a private address'],
  ['https://192.0.2.2/', 'documentation'],
  ['https://198.51.100.1/', 'documentation'],
  ['https://203.0.113.7/', 'documentation'],
  ['https://[2001:db8::1]/', 'documentation'],
  ['https://[64:ff9b::7f00:1]/', 'a NAT64 address of 127.0.0.1, a loopback address'],
  ['https://[64:ff9b:1::a00:1]/', 'a local-use NAT64 address'],
  ['https://[2002:7f00:1::]/', 'a 6to4 address of 127.0.0.1, a loopback address'],
  ['https://[::127.0.0.1]/', 'an IPv4-compatible address (deprecated) of 127.0.0.1'],
  ['https://[2001::1]/', 'a Teredo address'],
  ['https://0.0.0.0/', 'unspecified'],
  ['https://100.64.0.1/', 'shared (carrier-grade NAT)'],
  ['https://198.18.0.1/', 'benchmarking'],
  ['https://[2001:2::1]/', 'benchmarking'],
  ['https://240.0.0.1/', 'reserved'],
  ['https://255.255.255.255/', 'the broadcast address'],
  ['https://224.0.0.1/', 'a multicast address'],
  ['https://[ff02::1]/', 'a multicast address'],
  ['https://[fe80::1]/', 'a link-local address'],
  ['https://[fd00:ec2::254]/', 'a unique-local address'],
  ['https://2130706433/', 'a loopback address'],
  ['https://localhost/', 'a loopback address'],
] as const;

async function owner(env: TestEnv) {
  const org = await createOrg(env, {});
  return { org, member: await signInAs(env, org.members.owner!) };
}

describe('in production', () => {
  it('refuses an endpoint at every special-purpose address with 422 validation_failed (field url), the reason named, nothing stored', async () => {
    const { org, member } = await owner(production);
    for (const [url, why] of REFUSED) {
      const res = await member.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', member.csrf).send({ url });
      expect(res.status, url).toBe(422);
      expect(res.body, url).toMatchObject({ success: false, error: { code: 'validation_failed', field: 'url' } });
      expect(res.body.error.message, url).toContain(why);
      expect(res.body.error.message, url).toContain('webhooks go to public addresses only');
    }
    expect(await production.sql('select url from webhook_endpoints where organization_id = ?', [org.id])).toEqual([]);
  });

  it('refuses the same addresses when an endpoint is changed, and keeps its address', async () => {
    const { org, member } = await owner(production);
    const created = await member.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', member.csrf).send({ url: 'https://8.8.8.8/hooks' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.endpoint.id as string;
    for (const [url] of REFUSED) {
      const res = await member.agent.patch(`/v1/webhook-endpoints/${id}`).set('X-CSRF-Token', member.csrf).send({ url });
      expect(res.status, url).toBe(422);
      expect(res.body.error, url).toMatchObject({ code: 'validation_failed', field: 'url' });
    }
    expect(await production.sql('select url from webhook_endpoints where organization_id = ?', [org.id])).toEqual([{ url: 'https://8.8.8.8/hooks' }]);
  });

  it('connects through no form of a loopback address: the listener counts no connection, each attempt is recorded as refused with its reason', async () => {
    const org = await createOrg(production, {});
    // Stored directly, as an endpoint saved before this rule or whose name resolved elsewhere then.
    const forms = [
      [`https://127.0.0.1:${port}/`, 'a loopback address'],
      [`https://[::ffff:127.0.0.1]:${port}/`, 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
      [`http://[::ffff:127.0.0.1]:${port}/`, 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
      [`https://[64:ff9b::7f00:1]:${port}/`, 'a NAT64 address of 127.0.0.1'],
      [`https://[2002:7f00:1::]:${port}/`, 'a 6to4 address of 127.0.0.1'],
      [`https://[::127.0.0.1]:${port}/`, 'an IPv4-compatible address'],
      [`https://0.0.0.0:${port}/`, 'unspecified'],
      [`https://[::]:${port}/`, 'unspecified'],
      [`https://2130706433:${port}/`, 'a loopback address'],
      [`https://localhost:${port}/`, 'a loopback address'],
    ] as const;
    const endpoints = new Map<string, string>();
    for (const [url, why] of forms) {
      const id = randomUUID();
      endpoints.set(id, why);
      await production.sql('insert into webhook_endpoints (id, organization_id, url, secret_sealed, created_at, updated_at) values (?, ?, ?, ?, now(), now())', [
        id, org.id, url, seal(production.deps.config.webhookSecretsKey, id, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
      ]);
    }
    await production.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at) values (?, ?, 'opt_out.recorded', 'x', ?, now())", [
      randomUUID(), org.id, JSON.stringify({ type: 'opt_out.recorded', timestamp: '2026-11-22T09:00:00.000Z', data: { id: 'x' } }),
    ]);
    const before = connections;
    const results = (await sendDueWebhooks(production.deps)).filter((r) => endpoints.has(r.delivery.endpoint_id));
    await new Promise((r) => setTimeout(r, 50));
    expect(connections).toBe(before);
    expect(results).toHaveLength(forms.length);
    const attempts = await production.sql<{ endpoint_id: string; status_code: number | null; error: string }>(
      'select d.endpoint_id, a.status_code, a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.organization_id = ?',
      [org.id],
    );
    expect(attempts).toHaveLength(forms.length);
    for (const a of attempts) {
      const why = endpoints.get(a.endpoint_id)!;
      expect(a.status_code, why).toBeNull();
      expect(a.error, why).toMatch(/^refused, no connection made: \S+( resolves to \S+)?, an address deliveries may not reach \(.+\)$/);
      expect(a.error, why).toContain(why);
    }
  });
});

describe('in development', () => {
  it('a receiver on loopback, written as 127.0.0.1 or IPv4-mapped, still gets the signed webhook; other special-purpose addresses stay refused', async () => {
    const { org, member } = await owner(development);
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const at = (receiver.address() as AddressInfo).port;
    try {
      const secrets: string[] = [];
      const ids: string[] = [];
      for (const url of [`http://127.0.0.1:${at}/hooks`, `http://[::ffff:127.0.0.1]:${at}/hooks`]) {
        const res = await member.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', member.csrf).send({ url });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        secrets.push(res.body.data.secret as string);
        ids.push(res.body.data.endpoint.id as string);
      }
      for (const url of ['https://[::ffff:10.0.0.1]/', 'https://[64:ff9b::7f00:1]/', 'https://192.0.2.2/', 'http://10.0.0.1/']) {
        const res = await member.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', member.csrf).send({ url });
        expect(res.body.error, url).toMatchObject({ code: 'validation_failed', field: 'url' });
      }
      await development.sql("insert into outbox_events (id, organization_id, type, subject_id, payload, created_at) values (?, ?, 'opt_out.recorded', 'x', ?, now())", [
        randomUUID(), org.id, JSON.stringify({ type: 'opt_out.recorded', timestamp: new Date(0).toISOString(), data: { id: 'x' } }),
      ]);
      // The file's two environments share a database: the production test's refused deliveries may be due again here.
      const results = (await sendDueWebhooks(development.deps)).filter((r) => ids.includes(r.delivery.endpoint_id));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(received).toHaveLength(2);
      // Each endpoint's request verifies with its own secret.
      for (const got of received) {
        const verified = secrets.filter((s) => {
          try {
            new Webhook(s).verify(got.body, got.headers as Record<string, string>);
            return true;
          } catch {
            return false;
          }
        });
        expect(verified).toHaveLength(1);
      }
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
