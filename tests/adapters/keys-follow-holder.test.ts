// Keys follow their holder (issue 22, row 6): a member's removal, or a role that may not hold a key, revokes it in
// the same transaction (audited, with the reason); an owner or admin may re-assign a key first, to a member whose
// role may hold it; the dashboard asks which keys a change would revoke.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
let serial = 0;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, {
    credit: 10_000_000n,
    senders: [{ name: 'UJUMBE', classes: ['transactional'], routeApproved: true }],
    members: { owner: 'owner', admin: 'admin', analyst: 'analyst' },
    keys: {},
  });
  owner = await signInAs(env, org.members.owner!);
});

type Session = Awaited<ReturnType<typeof signInAs>>;

/** A new developer of the organization, signed in. */
async function newDeveloper(): Promise<{ id: string; session: Session; credentials: { email: string; password: string } }> {
  const email = `dev.${++serial}.${randomUUID().slice(0, 8)}@example.com`;
  const password = `Kilimanjaro-Sunrise-${serial}-42`;
  const res = await owner.agent.post('/v1/members').set('X-CSRF-Token', owner.csrf).send({ email, password, role: 'developer' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.member.id, session: await signInAs(env, { email, password }), credentials: { email, password } };
}

async function createKey(s: Session, body: { name: string; mode: 'test' | 'live'; scopes: string[] }) {
  const res = await s.agent.post('/v1/api-keys').set('X-CSRF-Token', s.csrf).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.api_key.id as string, secret: res.body.data.secret as string };
}

const sendWith = (secret: string) =>
  request(env.app)
    .post('/v1/messages')
    .set(bearer(secret))
    .set('X-Idempotency-Key', randomUUID())
    .send({ to: `+255754${String(10000 + ++serial).slice(-5)}3`, from: 'UJUMBE', body: 'Habari', client_ref: 'keys-follow-holder' });
const patchMember = (id: string, body: object) => owner.agent.patch(`/v1/members/${id}`).set('X-CSRF-Token', owner.csrf).send(body);
const removeMember = (id: string) => owner.agent.delete(`/v1/members/${id}`).set('X-CSRF-Token', owner.csrf);
const reassign = (s: Session, keyId: string, body: object) => s.agent.post(`/v1/api-keys/${keyId}/reassign`).set('X-CSRF-Token', s.csrf).send(body);

const keyRow = async (id: string) =>
  (await env.sql<{ revoked_at: Date | null; held_by_member_id: string | null; created_by_member_id: string | null }>(
    'select revoked_at, held_by_member_id, created_by_member_id from api_keys where id = ?',
    [id],
  ))[0]!;
const auditOf = (action: string, targetId: string) =>
  env.sql<{ actor_type: string; actor_id: string; details: Record<string, unknown> }>(
    'select actor_type, actor_id, details from audit_events where action = ? and target_id = ? order by id',
    [action, targetId],
  );

describe('a demotion revokes the keys the new role may not hold, with the change', () => {
  it('developer → analyst: the live sending key and the test key are revoked (401 at once), the live reading key stays; each is audited with its reason', async () => {
    const dev = await newDeveloper();
    const sender = await createKey(dev.session, { name: 'shop sender', mode: 'live', scopes: ['messages:send'] });
    const reader = await createKey(dev.session, { name: 'shop reader', mode: 'live', scopes: ['messages:read'] });
    const tester = await createKey(dev.session, { name: 'shop tests', mode: 'test', scopes: ['messages:send'] });
    expect((await sendWith(sender.secret)).status).toBe(202);

    const demoted = await patchMember(dev.id, { role: 'analyst' });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);

    const refusedSend = await sendWith(sender.secret);
    expect(refusedSend.status).toBe(401);
    expect(refusedSend.body.error.code).toBe('unauthorized');
    expect((await sendWith(tester.secret)).status).toBe(401);
    // An analyst reads messages: a live key that only reads them is still within the role.
    expect((await request(env.app).get('/v1/messages').set(bearer(reader.secret))).status).toBe(200);
    expect((await keyRow(reader.id)).revoked_at).toBeNull();

    // Revoked in the member change's transaction: at the change's own time.
    const [changed] = await env.sql<{ updated_at: Date }>('select updated_at from members where id = ?', [dev.id]);
    expect((await keyRow(sender.id)).revoked_at).toEqual(changed!.updated_at);
    expect(await auditOf('api_key.revoked', sender.id)).toEqual([
      {
        actor_type: 'member',
        actor_id: org.members.owner!.id,
        details: { reason: 'holder_role_changed', member_id: dev.id, from_role: 'developer', to_role: 'analyst', beyond: ['messages:send'] },
      },
    ]);
    expect(await auditOf('api_key.revoked', tester.id)).toMatchObject([{ details: { reason: 'holder_role_changed', beyond: ['api_keys.manage'] } }]);
    const [memberEvent] = await auditOf('member.updated', dev.id);
    expect(new Set(memberEvent!.details.revoked_api_keys as string[])).toEqual(new Set([sender.id, tester.id]));
    const listed = await owner.agent.get('/v1/api-keys?limit=100');
    const statusOf = (id: string) => listed.body.data.api_keys.find((k: { id: string }) => k.id === id);
    expect(statusOf(sender.id)).toMatchObject({ status: 'revoked', held_by: dev.id, created_by: dev.id });
    expect(statusOf(reader.id)).toMatchObject({ status: 'active' });
  });

  it('a change of name only, or to a role that may hold every key, revokes nothing', async () => {
    const dev = await newDeveloper();
    const sender = await createKey(dev.session, { name: 'kept', mode: 'live', scopes: ['messages:send', 'wallet:read'] });
    expect((await patchMember(dev.id, { name: 'Neema' })).status).toBe(200);
    expect((await patchMember(dev.id, { role: 'admin' })).status).toBe(200);
    expect((await sendWith(sender.secret)).status).toBe(202);
    expect(await auditOf('api_key.revoked', sender.id)).toEqual([]);
  });
});

describe('a removal revokes every key the member holds', () => {
  it('the removed developer\'s keys answer 401 at once; the revocation is audited with the reason', async () => {
    const dev = await newDeveloper();
    const sender = await createKey(dev.session, { name: 'till', mode: 'live', scopes: ['messages:send'] });
    const tester = await createKey(dev.session, { name: 'till tests', mode: 'test', scopes: ['wallet:read'] });
    expect((await sendWith(sender.secret)).status).toBe(202);

    const removed = await removeMember(dev.id);
    expect(removed.body).toEqual({ success: true, data: { id: dev.id, deleted: true } });

    expect((await sendWith(sender.secret)).status).toBe(401);
    expect((await request(env.app).get('/v1/wallet').set(bearer(tester.secret))).status).toBe(401);
    expect(await auditOf('api_key.revoked', sender.id)).toEqual([
      { actor_type: 'member', actor_id: org.members.owner!.id, details: { reason: 'holder_removed', member_id: dev.id, from_role: 'developer' } },
    ]);
    const [memberEvent] = await auditOf('member.deleted', dev.id);
    expect(new Set(memberEvent!.details.revoked_api_keys as string[])).toEqual(new Set([sender.id, tester.id]));
  });

  it('a rotated key still in its grace is revoked too; its replacement, held by the member who rotated it, keeps working', async () => {
    const dev = await newDeveloper();
    const old = await createKey(dev.session, { name: 'rotating', mode: 'live', scopes: ['messages:send'] });
    const rotated = await owner.agent.post(`/v1/api-keys/${old.id}/rotate`).set('X-CSRF-Token', owner.csrf).send({ grace_hours: 24 });
    expect(rotated.body.data.api_key.held_by).toBe(org.members.owner!.id);
    expect((await removeMember(dev.id)).status).toBe(200);
    expect((await sendWith(old.secret)).status).toBe(401);
    expect((await sendWith(rotated.body.data.secret)).status).toBe(202);
  });

  it('a key held by the organization (an operator\'s, for no member) is revoked by no member change', async () => {
    const withKey = await createOrg(env, { members: { owner: 'owner', developer: 'developer' }, keys: { ops: { mode: 'live', scopes: ['wallet:read'] } } });
    const o = await signInAs(env, withKey.members.owner!);
    expect((await keyRow(withKey.keys.ops!.id)).held_by_member_id).toBeNull();
    expect((await o.agent.delete(`/v1/members/${withKey.members.developer!.id}`).set('X-CSRF-Token', o.csrf)).status).toBe(200);
    expect((await request(env.app).get('/v1/wallet').set(bearer(withKey.keys.ops!.secret))).status).toBe(200);
  });
});

describe('re-assigning a key before its holder leaves', () => {
  it('an owner re-assigns a developer\'s key to another developer; the creator removed, the key still sends (202)', async () => {
    const creator = await newDeveloper();
    const colleague = await newDeveloper();
    const key = await createKey(creator.session, { name: 'checkout', mode: 'live', scopes: ['messages:send'] });
    const res = await reassign(owner, key.id, { member_id: colleague.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.api_key).toMatchObject({ id: key.id, status: 'active', created_by: creator.id, held_by: colleague.id });
    expect(await auditOf('api_key.reassigned', key.id)).toEqual([
      { actor_type: 'member', actor_id: org.members.owner!.id, details: { from_member_id: creator.id, to_member_id: colleague.id } },
    ]);

    expect((await removeMember(creator.id)).status).toBe(200);
    expect((await sendWith(key.secret)).status).toBe(202);
    expect(await auditOf('api_key.revoked', key.id)).toEqual([]);
    // It now follows its new holder.
    expect((await patchMember(colleague.id, { role: 'marketer' })).status).toBe(200);
    expect((await sendWith(key.secret)).status).toBe(401);
  });

  it('an admin re-assigns a key to themselves; the creator demoted, it keeps sending', async () => {
    const creator = await newDeveloper();
    const admin = await signInAs(env, org.members.admin!);
    const key = await createKey(creator.session, { name: 'crm', mode: 'live', scopes: ['messages:send'] });
    expect((await reassign(admin, key.id, { member_id: org.members.admin!.id })).status).toBe(200);
    expect((await patchMember(creator.id, { role: 'analyst' })).status).toBe(200);
    expect((await sendWith(key.secret)).status).toBe(202);
  });

  it('to a member whose role may not hold the key: 403 scope_exceeds_role (field member_id), and nothing changes', async () => {
    const creator = await newDeveloper();
    const live = await createKey(creator.session, { name: 'pos', mode: 'live', scopes: ['messages:send', 'messages:read'] });
    const test = await createKey(creator.session, { name: 'pos tests', mode: 'test', scopes: ['messages:read'] });
    const rowsOf = () => env.sql('select id, held_by_member_id, revoked_at from api_keys where id in (?, ?) order by id', [live.id, test.id]);
    const before = await rowsOf();

    const refusedLive = await reassign(owner, live.id, { member_id: org.members.analyst!.id });
    expect(refusedLive.status).toBe(403);
    expect(refusedLive.body.error).toMatchObject({ code: 'scope_exceeds_role', field: 'member_id' });
    expect(refusedLive.body.error.message).toContain('messages:send');
    const refusedTest = await reassign(owner, test.id, { member_id: org.members.analyst!.id });
    expect(refusedTest.body.error).toMatchObject({ code: 'scope_exceeds_role', field: 'member_id' });

    // Unknown, removed and other organizations' members are not members of this organization.
    const other = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    const gone = await newDeveloper();
    expect((await removeMember(gone.id)).status).toBe(200);
    for (const member_id of [randomUUID(), gone.id, other.members.owner!.id]) {
      const res = await reassign(owner, live.id, { member_id });
      expect(res.status, member_id).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'member_id' });
    }
    expect((await reassign(owner, live.id, { member_id: 'nobody' })).body.error).toMatchObject({ code: 'validation_failed', field: 'member_id' });
    expect((await reassign(owner, live.id, {})).body.error).toMatchObject({ code: 'validation_failed', field: 'member_id' });
    // Only owners and admins move keys: a developer who manages keys may not.
    const dev = await newDeveloper();
    const byDeveloper = await reassign(dev.session, live.id, { member_id: dev.id });
    expect([byDeveloper.status, byDeveloper.body.error.code]).toEqual([403, 'forbidden']);

    expect(await rowsOf()).toEqual(before);
    expect(before.map((k) => (k as { held_by_member_id: string }).held_by_member_id)).toEqual([creator.id, creator.id]);
    expect(await auditOf('api_key.reassigned', live.id)).toEqual([]);
    expect(await auditOf('api_key.reassigned', test.id)).toEqual([]);
    expect((await sendWith(live.secret)).status).toBe(202);
  });

  it('a revoked key cannot be re-assigned (409 api_key_not_active); a key of another organization is 404', async () => {
    const creator = await newDeveloper();
    const key = await createKey(creator.session, { name: 'old', mode: 'live', scopes: ['messages:send'] });
    expect((await owner.agent.post(`/v1/api-keys/${key.id}/revoke`).set('X-CSRF-Token', owner.csrf).send({})).status).toBe(200);
    const res = await reassign(owner, key.id, { member_id: org.members.admin!.id });
    expect([res.status, res.body.error.code]).toEqual([409, 'api_key_not_active']);
    const other = await createOrg(env, { members: { owner: 'owner' }, keys: { k: { mode: 'test' } } });
    const foreign = await reassign(owner, other.keys.k!.id, { member_id: org.members.admin!.id });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    expect((await keyRow(other.keys.k!.id)).held_by_member_id).toBeNull();
  });
});

describe('what a change would revoke, before it is made', () => {
  let app: ReturnType<typeof trpcApp>;
  let ownerClient: TrpcClient;

  beforeAll(async () => {
    app = trpcApp(env);
    ownerClient = await signedIn(app, org.members.owner!);
  });

  it('members.keysAffected lists the keys a removal or a new role would revoke (name, redacted prefix, scopes), as REST does, and changes nothing', async () => {
    const dev = await newDeveloper();
    const sender = await createKey(dev.session, { name: 'A sender', mode: 'live', scopes: ['messages:send'] });
    const reader = await createKey(dev.session, { name: 'B reader', mode: 'live', scopes: ['messages:read', 'wallet:read'] });
    const tester = await createKey(dev.session, { name: 'C tests', mode: 'test', scopes: ['campaigns:read'] });

    const removal = ok(await ownerClient.query('members.keysAffected', { id: dev.id }));
    expect(removal.change).toEqual({ kind: 'removal' });
    expect(removal.api_keys.map((k: { name: string }) => k.name)).toEqual(['A sender', 'B reader', 'C tests']);
    expect(removal.api_keys[0]).toMatchObject({ id: sender.id, mode: 'live', scopes: ['messages:send'], redacted: expect.stringMatching(/^ujm_live_.{4}…/), beyond_role: [] });
    expect(JSON.stringify(removal)).not.toContain(sender.secret.slice(13));

    const toAnalyst = ok(await ownerClient.query('members.keysAffected', { id: dev.id, role: 'analyst' }));
    expect(toAnalyst.change).toEqual({ kind: 'role', role: 'analyst' });
    expect(toAnalyst.api_keys.map((k: { id: string; beyond_role: string[] }) => [k.id, k.beyond_role])).toEqual([
      [sender.id, ['messages:send']],
      [tester.id, ['api_keys.manage']],
    ]);
    // A billing member reads the wallet but not messages, and does not manage keys.
    const toBilling = ok(await ownerClient.query('members.keysAffected', { id: dev.id, role: 'billing' }));
    expect(toBilling.api_keys.map((k: { id: string; beyond_role: string[] }) => [k.id, k.beyond_role])).toEqual([
      [sender.id, ['messages:send']],
      [reader.id, ['messages:read']],
      [tester.id, ['api_keys.manage']],
    ]);
    expect(ok(await ownerClient.query('members.keysAffected', { id: dev.id, role: 'admin' })).api_keys).toEqual([]);
    expect(ok(await ownerClient.query('members.keysAffected', { id: dev.id, role: 'developer' })).api_keys).toEqual([]);

    const rest = await owner.agent.get(`/v1/members/${dev.id}/affected-api-keys?role=analyst`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toEqual(toAnalyst);
    refused(await ownerClient.query('members.keysAffected', { id: dev.id, role: 'superuser' }), 400, 'validation_failed', 'role');
    refused(await ownerClient.query('members.keysAffected', { id: randomUUID() }), 404, 'not_found');
    refused(await (await signedIn(app, dev.credentials)).query('members.keysAffected', { id: dev.id }), 403, 'forbidden');

    // Asking changed nothing.
    for (const k of [sender, reader, tester]) expect((await keyRow(k.id)).revoked_at).toBeNull();
    expect((await sendWith(sender.secret)).status).toBe(202);
  });

  it('apiKeys.reassign moves a key as REST does, and then the removal revokes nothing', async () => {
    const dev = await newDeveloper();
    const key = await createKey(dev.session, { name: 'moving', mode: 'live', scopes: ['messages:send'] });
    refused(await ownerClient.mutate('apiKeys.reassign', { id: key.id, member_id: org.members.analyst!.id }), 403, 'scope_exceeds_role', 'member_id');
    const moved = ok(await ownerClient.mutate('apiKeys.reassign', { id: key.id, member_id: org.members.admin!.id }));
    expect(moved.api_key).toMatchObject({ id: key.id, held_by: org.members.admin!.id });
    expect(ok(await ownerClient.query('members.keysAffected', { id: dev.id })).api_keys).toEqual([]);
    expect(ok(await ownerClient.mutate('members.remove', { id: dev.id }))).toEqual({ id: dev.id, deleted: true });
    expect((await sendWith(key.secret)).status).toBe(202);
  });
});
