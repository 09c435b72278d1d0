// /v1/groups over HTTP on the real database: names 1 to 100 characters unique per organization ignoring
// case, at most 500 groups, rename, delete (memberships go, contacts stay, the group-deleted hook runs in the
// deleting transaction), adding members (only new ones counted, foreign ids refused with nothing added),
// removing members (absent ones ignored), member counts, members only, CSRF, 404 for foreign ids.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { onGroupDeleted } from '../../core/app/groups/group-deleted.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { bearer, createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv, waitForLockWaiters, everyRoleSignedIn } from '../support/app.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

interface GroupView {
  id: string;
  name: string;
  members: number;
  created_at: string;
  updated_at: string;
}

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
const s: Record<string, Session> = {};
let otherOwner: Session;

const T0 = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  env = await setupTestEnv();
  const fixture = await everyRoleSignedIn(env, ['campaigns:read']);
  ({ org, other, otherOwner } = fixture);
  Object.assign(s, fixture.sessions);
});

let serial = 0;
const nextPhone = () => `+255754${String(200000 + ++serial)}`;
let groupSerial = 0;
const nextName = (prefix = 'Group') => `${prefix} ${++groupSerial}`;

const post = (who: Session, path: string, body: unknown) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body as object);
const patch = (who: Session, path: string, body: unknown) => who.agent.patch(path).set('X-CSRF-Token', who.csrf).send(body as object);
const del = (who: Session, path: string) => who.agent.delete(path).set('X-CSRF-Token', who.csrf);

async function createGroup(who: Session, name = nextName()): Promise<GroupView> {
  const res = await post(who, '/v1/groups', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.group as GroupView;
}

async function createContacts(who: Session, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await post(who, '/v1/contacts', { phone: nextPhone() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.contact.id as string);
  }
  return ids;
}

async function listGroups(who: Session = s.marketer!): Promise<GroupView[]> {
  const res = await who.agent.get('/v1/groups');
  expect(res.status).toBe(200);
  return res.body.data.groups as GroupView[];
}

async function membersOf(groupId: string): Promise<number> {
  const g = (await listGroups()).find((x) => x.id === groupId);
  expect(g).toBeDefined();
  return g!.members;
}

const memberIds = async (groupId: string) =>
  (await env.sql<{ contact_id: string }>('select contact_id from group_members where group_id = ? order by contact_id', [groupId])).map((r) => r.contact_id);

function expectError(res: request.Response, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  expect(Object.keys(res.body)).toEqual(['success', 'error']);
  if (field !== undefined) expect(res.body.error.field).toBe(field);
}

/** Everything a refused request could have left behind. */
const snapshot = async (orgId: string) => ({
  groups: await env.sql('select * from groups where organization_id = ? order by id', [orgId]),
  members: await env.sql('select * from group_members where organization_id = ? order by group_id, contact_id', [orgId]),
  contacts: await env.sql('select id from contacts where organization_id = ? order by id', [orgId]),
});


describe('POST /v1/groups', () => {
  it('creates a group with no members: 201 and data.group', async () => {
    const res = await post(s.marketer!, '/v1/groups', { name: 'Wateja wa Kariakoo' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { group: { id: expect.any(String), name: 'Wateja wa Kariakoo', members: 0, created_at: T0, updated_at: T0 } },
    });
    expect(await env.sql('select name, member_count from groups where id = ?', [res.body.data.group.id])).toEqual([{ name: 'Wateja wa Kariakoo', member_count: 0 }]);
    expect(await listGroups()).toContainEqual(res.body.data.group);
  });

  it.each([
    ['1 character', 'A'],
    ['100 characters', 'n'.repeat(100)],
    ['Swahili with punctuation', 'Wanachama — Mwanza & Dodoma (2026)'],
  ])('a name of %s is accepted', async (_label, name) => {
    expect((await createGroup(s.marketer!, name)).name).toBe(name);
  });

  it.each([
    ['an empty name', 'name', { name: '' }],
    ['101 characters', 'name', { name: 'n'.repeat(101) }],
    ['a missing name', 'name', {}],
    ['a null name', 'name', { name: null }],
    ['a number', 'name', { name: 42 }],
    ['an unknown field', 'color', { name: 'Colored', color: 'red' }],
  ])('%s is 422 validation_failed, field %s, and adds nothing', async (_label, field, body) => {
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, '/v1/groups', body), 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });

  it.each(['Wateja Wakubwa', 'wateja wakubwa', 'WATEJA WAKUBWA', 'wAtEjA wAkUbWa'])(
    'a name the organization already has, ignoring case (%s), is 409 group_name_taken and adds nothing',
    async (name) => {
      if (!(await listGroups()).some((g) => g.name === 'Wateja Wakubwa')) await createGroup(s.marketer!, 'Wateja Wakubwa');
      const before = await snapshot(org.id);
      const res = await post(s.marketer!, '/v1/groups', { name });
      expectError(res, 409, 'group_name_taken');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it('names that differ only in the case of accented letters are the same name', async () => {
    await createGroup(s.marketer!, 'Élèves');
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, '/v1/groups', { name: 'élèves' }), 409, 'group_name_taken');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it("a name another organization has is free for this one", async () => {
    const theirs = await createGroup(otherOwner, 'Shared name');
    const mine = await createGroup(s.marketer!, 'shared NAME');
    expect(mine.id).not.toBe(theirs.id);
    expect((await listGroups()).map((g) => g.id)).not.toContain(theirs.id);
  });

  it('the same new name created twice at once gives one 201, one 409 group_name_taken and one row', async () => {
    const names = ['Race group', 'RACE GROUP'];
    let pending: Promise<request.Response>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table groups in share mode');
      pending = names.map((name) => post(s.marketer!, '/v1/groups', { name }).then((r) => r));
      await waitForLockWaiters(env, names.length);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'group_name_taken');
    expect(await env.sql("select id from groups where organization_id = ? and lower(name) = 'race group'", [org.id])).toEqual([
      { id: results.find((r) => r.status === 201)!.body.data.group.id },
    ]);
  });
});

describe('at most 500 groups per organization', () => {
  let full: OrgFixture;
  let owner: Session;

  beforeAll(async () => {
    full = await createOrg(env, { members: { owner: 'owner' }, keys: {} });
    owner = await signInAs(env, full.members.owner!);
    await env.sql(
      `insert into groups (id, organization_id, name, created_at, updated_at)
       select gen_random_uuid(), ?, 'Bulk ' || n, ?, ? from generate_series(1, 499) n`,
      [full.id, T0, T0],
    );
  });

  const count = async () => (await env.sql<{ n: number }>('select count(*)::int as n from groups where organization_id = ?', [full.id]))[0]!.n;

  it('the 500th group is created; the 501st is 409 too_many_groups and adds nothing', async () => {
    expect(await count()).toBe(499);
    const last = await post(owner, '/v1/groups', { name: 'Number 500' });
    expect(last.status).toBe(201);
    expect(await count()).toBe(500);
    const before = await snapshot(full.id);
    expectError(await post(owner, '/v1/groups', { name: 'Number 501' }), 409, 'too_many_groups');
    expect(await snapshot(full.id)).toEqual(before);
    expect((await listGroups(owner)).length).toBe(500);
  });

  it('at the limit a group can still be renamed; after a deletion one can be created again', async () => {
    const [first] = await listGroups(owner);
    const renamed = await patch(owner, `/v1/groups/${first!.id}`, { name: 'Renamed at the limit' });
    expect(renamed.status).toBe(200);
    expect((await del(owner, `/v1/groups/${first!.id}`)).status).toBe(200);
    expect((await post(owner, '/v1/groups', { name: 'After a deletion' })).status).toBe(201);
    expectError(await post(owner, '/v1/groups', { name: 'Over again' }), 409, 'too_many_groups');
    expect(await count()).toBe(500);
  });

  it('two creations at once with one place left give one 201 and one 409 too_many_groups', async () => {
    const [first] = await listGroups(owner);
    expect((await del(owner, `/v1/groups/${first!.id}`)).status).toBe(200);
    expect(await count()).toBe(499);
    let pending: Promise<request.Response>[] = [];
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table groups in share mode');
      pending = ['Racer one', 'Racer two'].map((name) => post(owner, '/v1/groups', { name }).then((r) => r));
      await waitForLockWaiters(env, 2);
    });
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'too_many_groups');
    expect(await count()).toBe(500);
  });
});

describe('GET /v1/groups', () => {
  it('lists every group of the organization with its member count, and no other organization\'s', async () => {
    const g1 = await createGroup(s.marketer!, nextName('Counted'));
    const g2 = await createGroup(s.marketer!, nextName('Counted'));
    const contacts = await createContacts(s.marketer!, 3);
    expect((await post(s.marketer!, `/v1/groups/${g1.id}/members/add`, { contact_ids: contacts })).body.data).toEqual({ added: 3 });
    expect((await post(s.marketer!, `/v1/groups/${g2.id}/members/add`, { contact_ids: [contacts[0]] })).body.data).toEqual({ added: 1 });
    const theirs = await createGroup(otherOwner);
    const res = await s.marketer!.agent.get('/v1/groups');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['groups']);
    const groups = res.body.data.groups as GroupView[];
    expect(groups.find((g) => g.id === g1.id)).toEqual({ ...g1, members: 3 });
    expect(groups.find((g) => g.id === g2.id)).toEqual({ ...g2, members: 1 });
    expect(groups.map((g) => g.id)).not.toContain(theirs.id);
    const stored = await env.sql<{ id: string; n: number }>(
      'select g.id, (select count(*)::int from group_members m where m.group_id = g.id) as n from groups g where g.organization_id = ?',
      [org.id],
    );
    // Every count shown equals the memberships stored.
    for (const g of groups) expect(g.members).toBe(stored.find((r) => r.id === g.id)!.n);
  });

  it.each(['owner', 'admin', 'marketer'] as const)('a signed-in %s (contacts.read) may list groups', async (label) => {
    const res = await s[label]!.agent.get('/v1/groups');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data.groups)).toBe(true);
  });

  it.each(['developer', 'analyst', 'billing'] as const)('a signed-in %s (no contacts.read) gets 403 forbidden', async (label) => {
    expectError(await s[label]!.agent.get('/v1/groups'), 403, 'forbidden');
  });

  it('an unknown query parameter is 422', async () => {
    expectError(await s.marketer!.agent.get('/v1/groups').query({ limit: 5 }), 422, 'validation_failed', 'limit');
  });
});

describe('PATCH /v1/groups/{id}: rename', () => {
  it('renames: 200 with data.group, updated_at moved, members and created_at kept', async () => {
    const g = await createGroup(s.marketer!, nextName('Old'));
    const [c] = await createContacts(s.marketer!, 1);
    await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c] });
    env.clock.set(new Date('2026-11-22T12:00:00Z'));
    try {
      const res = await patch(s.marketer!, `/v1/groups/${g.id}`, { name: 'Brand new name' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { group: { id: g.id, name: 'Brand new name', members: 1, created_at: T0, updated_at: '2026-11-22T12:00:00.000Z' } },
      });
    } finally {
      env.clock.set(new Date(T0));
    }
    expect((await listGroups()).find((x) => x.id === g.id)?.name).toBe('Brand new name');
  });

  it("renaming to another group's name in any case is 409 group_name_taken and changes nothing", async () => {
    const taken = await createGroup(s.marketer!, 'Taken Name');
    const g = await createGroup(s.marketer!, 'Free Name');
    for (const name of ['Taken Name', 'taken name', 'TAKEN NAME']) {
      const before = await snapshot(org.id);
      expectError(await patch(s.marketer!, `/v1/groups/${g.id}`, { name }), 409, 'group_name_taken');
      expect(await snapshot(org.id)).toEqual(before);
    }
    expect((await listGroups()).find((x) => x.id === taken.id)?.name).toBe('Taken Name');
  });

  it('a group may be renamed to its own name in another case', async () => {
    const g = await createGroup(s.marketer!, 'Case Change');
    const res = await patch(s.marketer!, `/v1/groups/${g.id}`, { name: 'CASE change' });
    expect(res.status).toBe(200);
    expect(res.body.data.group.name).toBe('CASE change');
  });

  it.each([
    ['an empty name', 'name', { name: '' }],
    ['101 characters', 'name', { name: 'r'.repeat(101) }],
    ['a missing name', 'name', {}],
    ['an unknown field', 'members', { name: 'x', members: 9 }],
  ])('%s is 422 validation_failed, field %s, and changes nothing', async (_label, field, body) => {
    const g = await createGroup(s.marketer!);
    const before = await snapshot(org.id);
    expectError(await patch(s.marketer!, `/v1/groups/${g.id}`, body), 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });
});

describe('DELETE /v1/groups/{id}', () => {
  it('answers {id, deleted: true}; memberships go, the contacts stay, the name is free again', async () => {
    const g = await createGroup(s.marketer!, 'To be deleted');
    const keep = await createGroup(s.marketer!);
    const contacts = await createContacts(s.marketer!, 2);
    await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: contacts });
    await post(s.marketer!, `/v1/groups/${keep.id}/members/add`, { contact_ids: [contacts[0]] });
    const res = await del(s.marketer!, `/v1/groups/${g.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: g.id, deleted: true } });
    expect((await listGroups()).map((x) => x.id)).not.toContain(g.id);
    expect(await env.sql('select * from group_members where group_id = ?', [g.id])).toEqual([]);
    for (const id of contacts) {
      const got = await s.marketer!.agent.get(`/v1/contacts/${id}`);
      expect(got.status).toBe(200);
      expect(got.body.data.contact.group_ids).toEqual(id === contacts[0] ? [keep.id] : []);
    }
    expect(await membersOf(keep.id)).toBe(1);
    expectError(await del(s.marketer!, `/v1/groups/${g.id}`), 404, 'not_found');
    expectError(await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: contacts }), 404, 'not_found');
    expect((await post(s.marketer!, '/v1/groups', { name: 'TO BE DELETED' })).status).toBe(201);
  });

  describe('the group-deleted hook (drafts that use the group)', () => {
    const calls: { organizationId: string; groupId: string; stillThere: number; members: number }[] = [];
    let failFor: string | null = null;

    beforeAll(() => {
      onGroupDeleted(async (tx, organizationId, groupId) => {
        // Runs inside the deleting transaction, before the group goes.
        const [row] = (await tx.em.execute('select count(*)::int as n from groups where id = ?', [groupId])) as { n: number }[];
        const [m] = (await tx.em.execute('select count(*)::int as n from group_members where group_id = ?', [groupId])) as { n: number }[];
        calls.push({ organizationId, groupId, stillThere: row!.n, members: m!.n });
        if (groupId === failFor) throw new DomainError('conflict', 'a draft could not let go of the group');
      });
    });

    it('is called once with the organization and the group, inside the deletion', async () => {
      const g = await createGroup(s.marketer!);
      const [c] = await createContacts(s.marketer!, 1);
      await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c] });
      calls.length = 0;
      expect((await del(s.marketer!, `/v1/groups/${g.id}`)).status).toBe(200);
      expect(calls).toEqual([{ organizationId: org.id, groupId: g.id, stillThere: 1, members: 1 }]);
    });

    it('when it fails the deletion is rolled back: the group and its members stay', async () => {
      const g = await createGroup(s.marketer!);
      const contacts = await createContacts(s.marketer!, 2);
      await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: contacts });
      const before = await snapshot(org.id);
      failFor = g.id;
      try {
        const res = await del(s.marketer!, `/v1/groups/${g.id}`);
        expect(res.status).toBe(409);
      } finally {
        failFor = null;
      }
      expect(await snapshot(org.id)).toEqual(before);
      expect(await membersOf(g.id)).toBe(2);
    });

    it('is not called for a refused deletion', async () => {
      calls.length = 0;
      expectError(await del(s.marketer!, `/v1/groups/${randomUUID()}`), 404, 'not_found');
      expectError(await del(s.analyst!, `/v1/groups/${(await createGroup(s.marketer!)).id}`), 403, 'forbidden');
      expect(calls).toEqual([]);
    });
  });
});

describe('POST /v1/groups/{id}/members/add', () => {
  it('adds contacts; data.added counts only the new ones; those already there are left as they are', async () => {
    const g = await createGroup(s.marketer!);
    const [c1, c2, c3, c4] = await createContacts(s.marketer!, 4);
    const first = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c1, c2] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { added: 2 } });
    expect(await membersOf(g.id)).toBe(2);
    const addedAt = await env.sql('select contact_id, added_at from group_members where group_id = ? order by contact_id', [g.id]);
    env.clock.advance(3_600_000);
    try {
      const again = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c2, c3, c1, c4] });
      expect(again.body).toEqual({ success: true, data: { added: 2 } });
    } finally {
      env.clock.set(new Date(T0));
    }
    expect(await membersOf(g.id)).toBe(4);
    expect(await memberIds(g.id)).toEqual([c1, c2, c3, c4].sort());
    // The earlier memberships are untouched.
    const now = await env.sql<{ contact_id: string }>('select contact_id, added_at from group_members where group_id = ? order by contact_id', [g.id]);
    expect(now.filter((r) => r.contact_id === c1 || r.contact_id === c2)).toEqual(addedAt);
    // Adding them all once more adds nothing.
    expect((await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c1, c2, c3, c4] })).body.data).toEqual({ added: 0 });
    expect(await membersOf(g.id)).toBe(4);
    // The contacts show the group, and the group filter lists them.
    expect((await s.marketer!.agent.get(`/v1/contacts/${c3}`)).body.data.contact.group_ids).toEqual([g.id]);
    const listed = await s.marketer!.agent.get('/v1/contacts').query({ group_id: g.id });
    expect((listed.body.data.contacts as { id: string }[]).map((c) => c.id).sort()).toEqual([c1, c2, c3, c4].sort());
  });

  it('an id repeated in one request is added and counted once', async () => {
    const g = await createGroup(s.marketer!);
    const [c1, c2] = await createContacts(s.marketer!, 2);
    const res = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c1, c1, c2, c1, c2] });
    expect(res.body).toEqual({ success: true, data: { added: 2 } });
    expect(await membersOf(g.id)).toBe(2);
  });

  it('500 ids are accepted', async () => {
    const g = await createGroup(s.marketer!);
    const [c] = await createContacts(s.marketer!, 1);
    const res = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: Array.from({ length: 500 }, () => c) });
    expect(res.body).toEqual({ success: true, data: { added: 1 } });
  });

  it("another organization's contact is 422 validation_failed, field contact_ids.N, and nothing is added", async () => {
    const g = await createGroup(s.marketer!);
    const [mine] = await createContacts(s.marketer!, 1);
    const [theirs] = await createContacts(otherOwner, 1);
    const before = await snapshot(org.id);
    const otherBefore = await snapshot(other.id);
    const res = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [mine, theirs] });
    expectError(res, 422, 'validation_failed', 'contact_ids.1');
    expect(await snapshot(org.id)).toEqual(before);
    expect(await snapshot(other.id)).toEqual(otherBefore);
    expect(await membersOf(g.id)).toBe(0);
  });

  it('an unknown contact id is 422 validation_failed, field contact_ids.0, and nothing is added', async () => {
    const g = await createGroup(s.marketer!);
    const [mine] = await createContacts(s.marketer!, 1);
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [randomUUID(), mine] }), 422, 'validation_failed', 'contact_ids.0');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it('a deleted contact is refused like an unknown one', async () => {
    const g = await createGroup(s.marketer!);
    const [gone] = await createContacts(s.marketer!, 1);
    expect((await del(s.marketer!, `/v1/contacts/${gone}`)).status).toBe(200);
    expectError(await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [gone] }), 422, 'validation_failed', 'contact_ids.0');
  });

  it('the position named is the one in the request, even after a repeated id', async () => {
    const g = await createGroup(s.marketer!);
    const [mine] = await createContacts(s.marketer!, 1);
    const before = await snapshot(org.id);
    const res = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [mine, mine, randomUUID()] });
    expectError(res, 422, 'validation_failed', 'contact_ids.2');
    expect(await snapshot(org.id)).toEqual(before);
  });

  it("an own contact's id written in capital hex digits is that contact", async () => {
    const g = await createGroup(s.marketer!);
    const [mine] = await createContacts(s.marketer!, 1);
    // The path accepts the capital form of an id (GET answers 200); the body names the same uuid.
    expect((await s.marketer!.agent.get(`/v1/contacts/${mine!.toUpperCase()}`)).status).toBe(200);
    const res = await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [mine!.toUpperCase()] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ added: 1 });
    expect(await memberIds(g.id)).toEqual([mine]);
  });

  it.each([
    ['no ids', 'contact_ids', { contact_ids: [] }],
    ['501 ids', 'contact_ids', { contact_ids: Array.from({ length: 501 }, () => randomUUID()) }],
    ['a missing list', 'contact_ids', {}],
    ['a list that is a string', 'contact_ids', { contact_ids: 'all' }],
    ['a malformed id', 'contact_ids.1', { contact_ids: [randomUUID(), 'nope'] }],
    ['an unknown field', 'group_id', { contact_ids: [randomUUID()], group_id: randomUUID() }],
  ])('%s is 422 validation_failed, field %s, and nothing is added', async (_label, field, body) => {
    const g = await createGroup(s.marketer!);
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, `/v1/groups/${g.id}/members/add`, body), 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });
});

describe('POST /v1/groups/{id}/members/remove', () => {
  it('removes members; data.removed counts those removed; contacts not in the group are ignored', async () => {
    const g = await createGroup(s.marketer!);
    const [c1, c2, c3, outsider] = await createContacts(s.marketer!, 4);
    await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: [c1, c2, c3] });
    const [theirs] = await createContacts(otherOwner, 1);
    const res = await post(s.marketer!, `/v1/groups/${g.id}/members/remove`, { contact_ids: [c1, outsider, c2, randomUUID(), theirs, c1] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { removed: 2 } });
    expect(await memberIds(g.id)).toEqual([c3]);
    expect(await membersOf(g.id)).toBe(1);
    // The contacts stay in the address book.
    expect((await s.marketer!.agent.get(`/v1/contacts/${c1}`)).body.data.contact.group_ids).toEqual([]);
    expect((await post(s.marketer!, `/v1/groups/${g.id}/members/remove`, { contact_ids: [c1, c2] })).body.data).toEqual({ removed: 0 });
    expect((await post(s.marketer!, `/v1/groups/${g.id}/members/remove`, { contact_ids: [c3] })).body.data).toEqual({ removed: 1 });
    expect(await membersOf(g.id)).toBe(0);
  });

  it('removing from one group leaves the contact in its other groups', async () => {
    const g1 = await createGroup(s.marketer!);
    const g2 = await createGroup(s.marketer!);
    const [c] = await createContacts(s.marketer!, 1);
    await post(s.marketer!, `/v1/groups/${g1.id}/members/add`, { contact_ids: [c] });
    await post(s.marketer!, `/v1/groups/${g2.id}/members/add`, { contact_ids: [c] });
    expect((await post(s.marketer!, `/v1/groups/${g1.id}/members/remove`, { contact_ids: [c] })).body.data).toEqual({ removed: 1 });
    expect(await membersOf(g1.id)).toBe(0);
    expect(await membersOf(g2.id)).toBe(1);
  });

  it.each([
    ['no ids', 'contact_ids', { contact_ids: [] }],
    ['501 ids', 'contact_ids', { contact_ids: Array.from({ length: 501 }, () => randomUUID()) }],
    ['a malformed id', 'contact_ids.0', { contact_ids: ['nope'] }],
  ])('%s is 422 validation_failed, field %s, and nothing is removed', async (_label, field, body) => {
    const g = await createGroup(s.marketer!);
    await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: await createContacts(s.marketer!, 1) });
    const before = await snapshot(org.id);
    expectError(await post(s.marketer!, `/v1/groups/${g.id}/members/remove`, body), 422, 'validation_failed', field);
    expect(await snapshot(org.id)).toEqual(before);
  });
});

describe('member counts follow every change', () => {
  it('contact creation with group_ids, add, remove, contact deletion', async () => {
    const g = await createGroup(s.marketer!);
    const created = await post(s.marketer!, '/v1/contacts', { phone: nextPhone(), group_ids: [g.id] });
    expect(await membersOf(g.id)).toBe(1);
    const more = await createContacts(s.marketer!, 3);
    await post(s.marketer!, `/v1/groups/${g.id}/members/add`, { contact_ids: more });
    expect(await membersOf(g.id)).toBe(4);
    await post(s.marketer!, `/v1/groups/${g.id}/members/remove`, { contact_ids: [more[0]] });
    expect(await membersOf(g.id)).toBe(3);
    await del(s.marketer!, `/v1/contacts/${created.body.data.contact.id}`);
    expect(await membersOf(g.id)).toBe(2);
    await del(s.marketer!, `/v1/contacts/${more[1]}`);
    expect(await membersOf(g.id)).toBe(1);
  });
});

describe('who may use groups', () => {
  type Route = [string, (id: string, contactId: string) => [string, string, object | undefined]];
  const routes: Route[] = [
    ['GET /v1/groups', () => ['get', '/v1/groups', undefined]],
    ['POST /v1/groups', () => ['post', '/v1/groups', { name: `Refused ${randomUUID()}` }]],
    ['PATCH /v1/groups/{id}', (id) => ['patch', `/v1/groups/${id}`, { name: `Renamed ${randomUUID()}` }]],
    ['DELETE /v1/groups/{id}', (id) => ['delete', `/v1/groups/${id}`, undefined]],
    ['POST /v1/groups/{id}/members/add', (id, c) => ['post', `/v1/groups/${id}/members/add`, { contact_ids: [c] }]],
    ['POST /v1/groups/{id}/members/remove', (id, c) => ['post', `/v1/groups/${id}/members/remove`, { contact_ids: [c] }]],
  ];
  const changes = routes.filter(([name]) => !name.startsWith('GET'));

  /** A group with one member and one contact outside it. */
  async function target() {
    const g = await createGroup(s.owner!);
    const [inside, outside] = await createContacts(s.owner!, 2);
    await post(s.owner!, `/v1/groups/${g.id}/members/add`, { contact_ids: [inside] });
    return { g, inside: inside!, outside: outside! };
  }

  it.each(routes.flatMap(([name, r]) => (['live', 'test', 'reader'] as const).map((key) => [name, key, r] as const)))(
    '%s with an API key (%s) is 403 insufficient_scope and changes nothing',
    async (name, key, r) => {
      const t = await target();
      const before = await snapshot(org.id);
      const [method, path, body] = r(t.g.id, name.endsWith('add') ? t.outside : t.inside);
      const req = request(env.app)[method as 'get'](path).set(bearer(org.keys[key]!.secret));
      expectError(await (body ? req.send(body) : req), 403, 'insufficient_scope');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it.each(changes.flatMap(([name, r]) => (['developer', 'analyst', 'billing'] as const).map((label) => [name, label, r] as const)))(
    '%s by a signed-in %s (no contacts.write) is 403 forbidden and changes nothing',
    async (name, label, r) => {
      const t = await target();
      const before = await snapshot(org.id);
      const [method, path, body] = r(t.g.id, name.endsWith('add') ? t.outside : t.inside);
      const who = s[label]!;
      const req = who.agent[method as 'post'](path).set('X-CSRF-Token', who.csrf);
      expectError(await (body ? req.send(body) : req), 403, 'forbidden');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it.each(changes.flatMap(([name, r]) => (['missing', 'forged'] as const).map((kind) => [name, kind, r] as const)))(
    '%s with a %s X-CSRF-Token is 403 forbidden and changes nothing',
    async (name, kind, r) => {
      const t = await target();
      const before = await snapshot(org.id);
      const [method, path, body] = r(t.g.id, name.endsWith('add') ? t.outside : t.inside);
      let req = s.owner!.agent[method as 'post'](path);
      if (kind === 'forged') req = req.set('X-CSRF-Token', `${s.owner!.csrf.split('.')[0]}.forged`);
      expectError(await (body ? req.send(body) : req), 403, 'forbidden');
      expect(await snapshot(org.id)).toEqual(before);
    },
  );

  it.each(routes.map(([name, r]) => [name, r] as const))('%s without credentials is 401', async (_name, r) => {
    const [method, path, body] = r(randomUUID(), randomUUID());
    const req = request(env.app)[method as 'get'](path);
    expectError(await (body ? req.send(body) : req), 401, 'unauthorized');
  });

  it.each(
    changes
      .filter(([name]) => name.includes('{id}'))
      .flatMap(([name, r]) => (['an unknown', 'a malformed', "another organization's"] as const).map((kind) => [name, kind, r] as const)),
  )('%s with %s group id is 404 not_found and changes nothing', async (_name, kind, r) => {
    const theirs = await createGroup(otherOwner);
    const [theirContact] = await createContacts(otherOwner, 1);
    await post(otherOwner, `/v1/groups/${theirs.id}/members/add`, { contact_ids: [theirContact] });
    const [mine] = await createContacts(s.owner!, 1);
    const id = kind === 'an unknown' ? randomUUID() : kind === 'a malformed' ? 'group-1' : theirs.id;
    const before = await snapshot(org.id);
    const otherBefore = await snapshot(other.id);
    for (const contactId of [mine!, theirContact!]) {
      const [method, path, body] = r(id, contactId);
      const req = s.owner!.agent[method as 'post'](path).set('X-CSRF-Token', s.owner!.csrf);
      const res = await (body ? req.send(body) : req);
      expectError(res, 404, 'not_found');
      expect(JSON.stringify(res.body)).not.toContain(theirs.name);
    }
    expect(await snapshot(org.id)).toEqual(before);
    expect(await snapshot(other.id)).toEqual(otherBefore);
  });
});
