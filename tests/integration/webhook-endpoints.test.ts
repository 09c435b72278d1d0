// Webhook endpoints as WebhookEndpoint entities (core/db/webhooks/endpoints.ts): what a read finds, how a list
// pages, that a read sees what the webhook sender changed by SQL, and that re-enabling clears why it stopped.
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/db/ids.ts';
import { findEndpoint, insertEndpoint, listEndpoints } from '../../core/db/webhooks/endpoints.ts';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
const T = new Date('2026-11-22T09:00:00Z');

async function newEndpoint(organizationId: string, url = 'http://127.0.0.1:9/hooks') {
  const em = env.orm.em.fork();
  return insertEndpoint(em, { id: newId(), organizationId, url, description: null, eventTypes: [], secretSealed: 'v1.sealed', createdAt: T });
}

beforeAll(async () => {
  env = await setupTestEnv({ webhooksAllowLoopback: true });
  org = await createOrg(env);
  other = await createOrg(env);
});

describe('the endpoints repository', () => {
  it('finds an organization’s endpoint; another organization’s, a malformed id and a deleted one find nothing', async () => {
    const e = await newEndpoint(org.id);
    const em = env.orm.em.fork();
    expect(await findEndpoint(em, org.id, e.id)).toMatchObject({ id: e.id, organizationId: org.id, eventTypes: [], enabled: true, failingSince: null });
    expect(await findEndpoint(em, other.id, e.id)).toBeNull();
    expect(await findEndpoint(em, org.id, 'not-a-uuid')).toBeNull();
    await env.sql('update webhook_endpoints set deleted_at = ? where id = ?', [T, e.id]);
    expect(await findEndpoint(env.orm.em.fork(), org.id, e.id)).toBeNull();
  });

  it('lists newest first, one more than the limit, from before the id given, without deleted ones', async () => {
    const o = await createOrg(env);
    const [a, b, c, d] = [await newEndpoint(o.id), await newEndpoint(o.id), await newEndpoint(o.id), await newEndpoint(o.id)];
    await env.sql('update webhook_endpoints set deleted_at = ? where id = ?', [T, c!.id]);
    const em = env.orm.em.fork();
    expect((await listEndpoints(em, o.id, undefined, 2)).map((e) => e.id)).toEqual([d!.id, b!.id, a!.id]);
    expect((await listEndpoints(em, o.id, b!.id, 2)).map((e) => e.id)).toEqual([a!.id]);
  });

  it('reads what the webhook sender changed by SQL since the EntityManager loaded the endpoint', async () => {
    const e = await newEndpoint(org.id);
    await env.sql('update webhook_endpoints set failing_since = ? where id = ?', [T, e.id]);
    const em = env.orm.em.fork();
    expect((await findEndpoint(em, org.id, e.id))!.failingSince).toEqual(T);
    await env.sql("update webhook_endpoints set failing_since = null, enabled = false, disabled_reason = 'the receiver answered 410 Gone' where id = ?", [e.id]);
    expect(await findEndpoint(em, org.id, e.id)).toMatchObject({ failingSince: null, enabled: false, disabledReason: 'the receiver answered 410 Gone' });
  });
});

describe('changing an endpoint', () => {
  it('re-enabled, it forgets why it stopped and how long it has failed; url and description change alone', async () => {
    const owner = await signInAs(env, org.members.owner!);
    const created = await owner.agent.post('/v1/webhook-endpoints').set('X-CSRF-Token', owner.csrf).send({ url: 'http://127.0.0.1:9/a', description: 'CRM' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.endpoint.id as string;
    await env.sql("update webhook_endpoints set enabled = false, disabled_reason = 'failing for 5 days without a success', failing_since = ? where id = ?", [T, id]);
    const patch = (body: Record<string, unknown>) => owner.agent.patch(`/v1/webhook-endpoints/${id}`).set('X-CSRF-Token', owner.csrf).send(body);
    const renamed = await patch({ description: null, url: 'http://127.0.0.1:9/b' });
    expect(renamed.body.data.endpoint).toMatchObject({ url: 'http://127.0.0.1:9/b', description: null, enabled: false, disabled_reason: 'failing for 5 days without a success' });
    expect(renamed.body.data.endpoint.failing_since).toBe(T.toISOString());
    const enabled = await patch({ enabled: true });
    expect(enabled.body.data.endpoint).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    const [row] = await env.sql('select enabled, disabled_reason, failing_since, description from webhook_endpoints where id = ?', [id]);
    expect(row).toEqual({ enabled: true, disabled_reason: null, failing_since: null, description: null });
  });
});
