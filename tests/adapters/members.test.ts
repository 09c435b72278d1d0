// Members management over HTTP: add, list, change role, remove; owners are protected; passwords hashed with argon2id.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: Awaited<ReturnType<typeof signInAs>>;
let admin: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { owner: 'owner', admin: 'admin' }, keys: {} });
  owner = await signInAs(env, org.members.owner!);
  admin = await signInAs(env, org.members.admin!);
});

const add = (s: typeof owner, body: object) => s.agent.post('/v1/members').set('X-CSRF-Token', s.csrf).send(body);
const patch = (s: typeof owner, id: string, body: object) => s.agent.patch(`/v1/members/${id}`).set('X-CSRF-Token', s.csrf).send(body);
const remove = (s: typeof owner, id: string) => s.agent.delete(`/v1/members/${id}`).set('X-CSRF-Token', s.csrf);

describe('members', () => {
  it('adds a member who can sign in; the password is stored as an argon2id hash', async () => {
    const res = await add(admin, { email: 'New.Person@Example.com', password: 'correct horse battery', role: 'marketer', name: 'New Person' });
    expect(res.status).toBe(201);
    expect(res.body.data.member).toMatchObject({ email: 'new.person@example.com', role: 'marketer', name: 'New Person' });
    expect(res.body.data.member.permissions).toContain('contacts.read');
    const [row] = await env.sql<{ password_hash: string }>('select password_hash from members where id = ?', [res.body.data.member.id]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const signed = await request(env.app).post('/v1/auth/sign-in').send({ email: 'new.person@example.com', password: 'correct horse battery' });
    expect(signed.status).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough pass', role: 'analyst' }, 'email'],
    [{ email: 'a@example.com', password: 'short', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'aaaaaaaaaaaa', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'abcabcabcabc', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'qwerty123456', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'Q1W2E3R4T5Y6', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'Password12345!', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'letmein2026!!', role: 'analyst' }, 'password'],
    [{ email: 'a@example.com', password: 'long enough pass', role: 'superuser' }, 'role'],
    [{ email: 'a@example.com', password: 'long enough pass', role: 'analyst', extra: 1 }, 'extra'],
  ])('refuses %j with 422 field %s', async (body, field) => {
    const res = await add(owner, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field });
  });

  it('an email of one of this organization\'s members is 409 email_taken', async () => {
    const res = await add(owner, { email: org.members.admin!.email.toUpperCase(), password: 'long enough pass', role: 'analyst' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it('an email another organization uses is answered exactly as a fresh one: nothing tells who else uses the service', async () => {
    const elsewhere = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    const used = elsewhere.members.owner!.email;
    const fresh = `fresh-${used}`;
    const [a, b] = [await add(owner, { email: used, password: 'another long pass', role: 'analyst' }), await add(owner, { email: fresh, password: 'another long pass', role: 'analyst' })];
    const shape = (res: typeof a) => ({ status: res.status, keys: Object.keys(res.body.data.member).sort(), role: res.body.data.member.role, org: res.body.data.member.organization_id });
    expect(shape(a)).toEqual(shape(b));
    expect(a.status).toBe(201);
    // Each membership keeps its own password and signs in to its own organization.
    const here = await request(env.app).post('/v1/auth/sign-in').send({ email: used, password: 'another long pass' });
    expect([here.status, here.body.data.member.organization_id]).toEqual([200, org.id]);
    const there = await request(env.app).post('/v1/auth/sign-in').send({ email: used, password: elsewhere.members.owner!.password });
    expect([there.status, there.body.data.member.organization_id]).toEqual([200, elsewhere.id]);
    // The other organization's member is untouched.
    expect(await env.sql('select role from members where organization_id = ? and email = ?', [elsewhere.id, used])).toEqual([{ role: 'owner' }]);
  });

  it('only an owner makes, changes or removes owners', async () => {
    const made = await add(admin, { email: 'o2@example.com', password: 'long enough pass', role: 'owner' });
    expect(made.status).toBe(403);
    expect(made.body.error.code).toBe('forbidden');
    expect((await patch(admin, org.members.owner!.id, { role: 'analyst' })).status).toBe(403);
    expect((await remove(admin, org.members.owner!.id)).status).toBe(403);
  });

  it('the last owner cannot be demoted or removed (409 last_owner)', async () => {
    const demote = await patch(owner, org.members.owner!.id, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe('last_owner');
    expect((await remove(owner, org.members.owner!.id)).body.error.code).toBe('last_owner');
  });

  it('changing a role takes effect on the next request; removing a member ends their sessions at once', async () => {
    const created = await add(owner, { email: 'dev@example.com', password: 'long enough pass', role: 'developer' });
    const id = created.body.data.member.id;
    const dev = await signInAs(env, { email: 'dev@example.com', password: 'long enough pass' });
    expect((await dev.agent.get('/v1/api-keys')).status).toBe(200);
    expect((await patch(owner, id, { role: 'analyst' })).body.data.member.role).toBe('analyst');
    expect((await dev.agent.get('/v1/api-keys')).status).toBe(403);
    const removed = await remove(owner, id);
    expect(removed.body).toEqual({ success: true, data: { id, deleted: true } });
    expect((await dev.agent.get('/v1/auth/me')).status).toBe(401);
    const list = await owner.agent.get('/v1/members');
    expect(list.body.data.members.map((m: { id: string }) => m.id)).not.toContain(id);
  });

  it('a member of another organization is 404 not_found', async () => {
    const other = await createOrg(env, { keys: {} });
    const res = await patch(owner, other.members.owner!.id, { name: 'x' });
    expect(res.status).toBe(404);
  });
});
