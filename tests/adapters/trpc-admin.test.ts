// The dashboard's tRPC procedures for API keys, webhooks, members, the audit log, the platform and auth, over real
// HTTP: the same answers as REST, secrets shown once, the same permissions and refusals, CSRF on mutations.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf } from '../../core/domain/access.ts';
import { sendDueWebhooks } from '../../workers/webhook-sender.ts';
import { bearer, createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let app: ReturnType<typeof trpcApp>;
let org: OrgFixture;
const as: Record<string, TrpcClient> = {};
const received: { headers: http.IncomingHttpHeaders }[] = [];
let hooks: http.Server;
let hooksUrl: string;

beforeAll(async () => {
  env = await setupTestEnv({ webhooksAllowLoopback: true });
  app = trpcApp(env);
  org = await createOrg(env, {
    credit: 1_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner', developer: 'developer', marketer: 'marketer', analyst: 'analyst' },
  });
  for (const label of Object.keys(org.members)) as[label] = await signedIn(app, org.members[label]!);
  hooks = http.createServer((req, res) => {
    req.resume().on('end', () => {
      received.push({ headers: req.headers });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((r) => hooks.close(() => r())));

/** REST's `data` for the same member's session (the tRPC app serves REST too). */
async function rest(client: TrpcClient, path: string) {
  const res = await client.agent.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const count = async (sql: string, params: unknown[]) => (await env.sql<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
const wallet = (secret: string) => request(app).get('/v1/wallet').set(bearer(secret));

describe('apiKeys', () => {
  it('create shows the secret once; the same idempotencyKey replays it withheld; list answers what REST does', async () => {
    const dev = as.developer!;
    const input = { name: 'dashboard key', mode: 'test', scopes: ['wallet:read'], idempotencyKey: 'key-once' };
    const first = ok(await dev.mutate('apiKeys.create', input));
    expect(first).toMatchObject({ api_key: { name: 'dashboard key', status: 'active' }, secret: expect.stringMatching(/^ujm_test_/), secret_shown: true, replay: false });
    const again = ok(await dev.mutate('apiKeys.create', input));
    expect(again).toEqual({ ...first, secret: null, secret_shown: false, replay: true });
    refused(await dev.mutate('apiKeys.create', { ...input, name: 'another' }), 409, 'idempotency_conflict');
    expect(await count("api_keys where organization_id = ? and name in ('dashboard key', 'another')", [org.id])).toBe(1);
    expect((await wallet(first.secret)).status).toBe(200);
    expect(ok(await dev.query('apiKeys.list', {}))).toEqual(await rest(dev, '/v1/api-keys'));
  });

  it('rotate gives a new secret; the old key works for its grace period; revoke stops a key at once', async () => {
    const dev = as.developer!;
    const { api_key: key, secret: old } = ok(await dev.mutate('apiKeys.create', { name: 'to rotate', mode: 'test', scopes: ['wallet:read'] }));
    const rotated = ok(await dev.mutate('apiKeys.rotate', { id: key.id, grace_hours: 1, idempotencyKey: 'rotate-once' }));
    expect(rotated).toMatchObject({ api_key: { name: 'to rotate', status: 'active' }, rotated: { id: key.id, status: 'rotated' }, secret_shown: true, replay: false });
    expect(rotated.secret).toMatch(/^ujm_test_/);
    expect(rotated.secret).not.toBe(old);
    expect(ok(await dev.mutate('apiKeys.rotate', { id: key.id, grace_hours: 1, idempotencyKey: 'rotate-once' }))).toMatchObject({ secret: null, secret_shown: false, replay: true });
    expect((await wallet(old)).status).toBe(200);
    env.clock.advance(3600_000 + 1000);
    try {
      expect((await wallet(old)).status).toBe(401);
      expect((await wallet(rotated.secret)).status).toBe(200);
    } finally {
      env.clock.advance(-(3600_000 + 1000));
    }
    expect(ok(await dev.mutate('apiKeys.revoke', { id: rotated.api_key.id })).api_key.status).toBe('revoked');
    expect((await wallet(rotated.secret)).status).toBe(401);
  });

  it('a marketer is FORBIDDEN; a mutation needs the CSRF token; bad input changes nothing', async () => {
    refused(await as.marketer!.query('apiKeys.list', {}), 403, 'forbidden');
    const noCsrf = await as.owner!.agent.post('/trpc/apiKeys.create').send({ name: 'no csrf', mode: 'test', scopes: ['wallet:read'] });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.data.ujumbe).toMatchObject({ code: 'forbidden', field: 'X-CSRF-Token' });
    const { api_key: key } = ok(await as.owner!.mutate('apiKeys.create', { name: 'kept', mode: 'test', scopes: ['wallet:read'] }));
    refused(await as.owner!.mutate('apiKeys.rotate', { id: key.id, grace_hours: 169 }), 400, 'validation_failed', 'grace_hours');
    expect(await count('api_keys where organization_id = ? and (name = ? or rotated_at is not null and id = ?)', [org.id, 'no csrf', key.id])).toBe(0);
  });
});

describe('webhooks', () => {
  it('endpoints: create (secret once), read as REST does, update, rotate the secret, delete', async () => {
    const owner = as.owner!;
    const created = ok(await owner.mutate('webhooks.createEndpoint', { url: hooksUrl, idempotencyKey: 'hook-once' }));
    expect(created).toMatchObject({ endpoint: { url: hooksUrl, event_types: null, enabled: true }, secret: expect.stringMatching(/^whsec_/), secret_shown: true, replay: false });
    expect(ok(await owner.mutate('webhooks.createEndpoint', { url: hooksUrl, idempotencyKey: 'hook-once' }))).toMatchObject({ endpoint: { id: created.endpoint.id }, secret: null, secret_shown: false, replay: true });
    const id = created.endpoint.id as string;
    expect(ok(await owner.query('webhooks.getEndpoint', { id }))).toEqual(await rest(owner, `/v1/webhook-endpoints/${id}`));
    expect(ok(await owner.query('webhooks.listEndpoints', {}))).toEqual(await rest(owner, '/v1/webhook-endpoints'));
    const updated = ok(await owner.mutate('webhooks.updateEndpoint', { id, description: 'CRM', event_types: ['message.delivered'] }));
    expect(updated.endpoint).toMatchObject({ id, description: 'CRM', event_types: ['message.delivered'] });
    // The body's own rule (name at least one change) still holds beside the id.
    refused(await owner.mutate('webhooks.updateEndpoint', { id }), 400, 'validation_failed');
    refused(await owner.mutate('webhooks.updateEndpoint', { id, enabled: false, extra: 1 }), 400, 'validation_failed', 'extra');
    refused(await owner.mutate('webhooks.updateEndpoint', { id, event_types: ['message.sent'] }), 400, 'validation_failed', 'event_types.0');
    expect(ok(await owner.query('webhooks.getEndpoint', { id })).endpoint).toEqual(updated.endpoint);
    const rotated = ok(await owner.mutate('webhooks.rotateSecret', { id }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.endpoint.previous_secret_valid_until).not.toBeNull();
    expect(ok(await owner.mutate('webhooks.deleteEndpoint', { id }))).toEqual({ id, deleted: true });
    refused(await owner.query('webhooks.getEndpoint', { id }), 404, 'not_found');
  });

  it('deliveries and attempts as REST lists them; redeliver sends again with the same webhook-id; roles as REST', async () => {
    const { owner, analyst, marketer } = as;
    const { endpoint } = ok(await owner!.mutate('webhooks.createEndpoint', { url: hooksUrl }));
    const sent = await request(app).post('/v1/messages').set(bearer(org.keys.test!.secret)).set('X-Idempotency-Key', 'hook-send')
      .send({ to: '+255754000010', from: 'UJUMBE', body: 'Habari', client_ref: 'hook-send' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    await sendDueWebhooks(env.deps);
    const input = { endpoint_id: endpoint.id, status: 'delivered' };
    const log = ok(await analyst!.query('webhooks.deliveries', input));
    expect(log).toEqual((await request(app).get(`/v1/webhook-deliveries?endpoint_id=${endpoint.id}&status=delivered`).set(bearer(org.keys.live!.secret))).body.data);
    expect(log.deliveries).toMatchObject([{ endpoint_id: endpoint.id, event_type: 'message.delivered', attempts: 1 }]);
    expect(ok(await analyst!.query('webhooks.deliveries', { ...input, status: 'failed' })).deliveries).toEqual([]);
    const delivery = log.deliveries[0];
    expect(ok(await analyst!.query('webhooks.attempts', { id: delivery.id }))).toEqual(await rest(analyst!, `/v1/webhook-deliveries/${delivery.id}/attempts`));
    refused(await analyst!.mutate('webhooks.redeliver', { id: delivery.id }), 403, 'forbidden');
    refused(await marketer!.query('webhooks.listEndpoints', {}), 403, 'forbidden');
    expect(ok(await owner!.mutate('webhooks.redeliver', { id: delivery.id })).delivery).toMatchObject({ id: delivery.id, status: 'pending' });
    await sendDueWebhooks(env.deps);
    expect(received.filter((r) => r.headers['webhook-id'] === delivery.webhook_id)).toHaveLength(2);
    expect(ok(await owner!.query('webhooks.attempts', { id: delivery.id })).attempts).toMatchObject([{ number: 1, status_code: 200 }, { number: 2, status_code: 200 }]);
  });

  it('bad input creates no endpoint', async () => {
    refused(await as.owner!.mutate('webhooks.createEndpoint', { url: `${hooksUrl}/bad`, event_types: [] }), 400, 'validation_failed', 'event_types');
    expect(await count('webhook_endpoints where url = ?', [`${hooksUrl}/bad`])).toBe(0);
  });
});

describe('members', () => {
  it('create (replayed by its key), list as REST, update, remove; the last owner stays; CSRF; bad input leaves nothing', async () => {
    const owner = as.owner!;
    const input = { email: 'new.member@example.com', password: 'correct horse battery', role: 'marketer', idempotencyKey: 'member-once' };
    const first = ok(await owner.mutate('members.create', input));
    expect(first).toMatchObject({ member: { email: 'new.member@example.com', role: 'marketer', permissions: [...permissionsOf('marketer')] }, replay: false });
    expect(ok(await owner.mutate('members.create', input))).toEqual({ ...first, replay: true });
    const id = first.member.id as string;
    expect(ok(await owner.query('members.list', {}))).toEqual(await rest(owner, '/v1/members'));
    expect(ok(await owner.mutate('members.update', { id, role: 'analyst', name: 'Ana' })).member).toMatchObject({ id, role: 'analyst', name: 'Ana' });
    refused(await owner.mutate('members.update', { id: org.members.owner!.id, role: 'admin' }), 409, 'last_owner');
    refused(await owner.mutate('members.remove', { id: org.members.owner!.id }), 409, 'last_owner');
    expect(await env.sql('select role, deleted_at from members where id = ?', [org.members.owner!.id])).toEqual([{ role: 'owner', deleted_at: null }]);
    expect(ok(await owner.mutate('members.remove', { id }))).toEqual({ id, deleted: true });
    expect(await count('members where id = ? and deleted_at is not null', [id])).toBe(1);
    refused(await as.developer!.query('members.list', {}), 403, 'forbidden');
    const noCsrf = await owner.agent.post('/trpc/members.create').send({ email: 'no.csrf@example.com', password: 'correct horse battery', role: 'analyst' });
    expect([noCsrf.status, noCsrf.body.error.data.ujumbe.code]).toEqual([403, 'forbidden']);
    refused(await owner.mutate('members.create', { email: 'short.pass@example.com', password: 'short', role: 'analyst' }), 400, 'validation_failed', 'password');
    expect(await count("members where email in ('no.csrf@example.com', 'short.pass@example.com')", [])).toBe(0);
  });
});

describe('audit.list', () => {
  it('shows the actions just done, filters by action, answers what REST does; an analyst is FORBIDDEN', async () => {
    const owner = as.owner!;
    const { api_key: key } = ok(await owner.mutate('apiKeys.create', { name: 'audited', mode: 'test', scopes: ['wallet:read'] }));
    ok(await owner.mutate('apiKeys.revoke', { id: key.id }));
    const page = ok(await owner.query('audit.list', { limit: 2 }));
    expect(page.audit_events.map((e: { action: string; target: { id: string } }) => [e.action, e.target.id])).toEqual([['api_key.revoked', key.id], ['api_key.created', key.id]]);
    expect(page).toEqual(await rest(owner, '/v1/audit-events?limit=2'));
    const revoked = ok(await owner.query('audit.list', { action: 'api_key.revoked' })).audit_events;
    expect(new Set(revoked.map((e: { action: string }) => e.action))).toEqual(new Set(['api_key.revoked']));
    refused(await as.analyst!.query('audit.list', {}), 403, 'forbidden');
  });
});

describe('platform and auth.me', () => {
  it('platform.status and platform.sendingWindow answer what REST does; the window needs campaigns.read', async () => {
    expect(ok(await as.developer!.query('platform.status'))).toEqual(await rest(as.developer!, '/v1/service-status'));
    expect(ok(await as.marketer!.query('platform.sendingWindow'))).toEqual(await rest(as.marketer!, '/v1/sending-window'));
    refused(await as.developer!.query('platform.sendingWindow'), 403, 'forbidden');
  });

  it("auth.me answers the member, the organization and the permissions of the member's role, as REST does", async () => {
    const ownerMe = ok(await as.owner!.query('auth.me'));
    const analystMe = ok(await as.analyst!.query('auth.me'));
    expect(ownerMe.member.permissions).toEqual([...PERMISSIONS]);
    expect(analystMe.member.permissions).toEqual([...permissionsOf('analyst')]);
    expect(analystMe.member.permissions).not.toContain('contacts.read');
    expect(analystMe.member.permissions).not.toEqual(ownerMe.member.permissions);
    expect(analystMe).toMatchObject({ member: { id: org.members.analyst!.id, role: 'analyst' }, organization: { id: org.id } });
    expect(analystMe).toEqual(await rest(as.analyst!, '/v1/auth/me'));
  });
});
