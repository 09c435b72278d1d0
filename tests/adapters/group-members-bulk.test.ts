// Picking a group's members in bulk over REST and tRPC on the real database: contacts found by a part of a name or
// number (at least 2 characters, keyset pages, each saying whether it is in the group already), and up to 1,000
// added in one call, all or nothing, repeats and members already in it counted, another organization's ids refused.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, signInAs, type OrgFixture, type TestEnv } from '../support/app.ts';
import { newId } from '../../core/db/ids.ts';
import { pgArray } from '../../core/db/sql.ts';
import { ok, refused, signedIn, trpcApp, type TrpcClient } from '../support/trpc.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

let env: TestEnv;
let org: OrgFixture;
let other: OrgFixture;
let marketer: Session;
let analyst: Session;
let viaTrpc: TrpcClient;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { marketer: 'marketer', analyst: 'analyst' }, keys: {} });
  other = await createOrg(env, { keys: {} });
  marketer = await signInAs(env, org.members.marketer!);
  analyst = await signInAs(env, org.members.analyst!);
  viaTrpc = await signedIn(trpcApp(env), org.members.marketer!);
});

const post = (who: Session, path: string, body: unknown) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send(body as object);

/** Contacts of an organization written straight into the address book, in this order (ids grow). */
async function contacts(organizationId: string, people: [string, string | null][]): Promise<string[]> {
  const ids = people.map(() => newId());
  await env.sql(
    `insert into contacts (id, organization_id, phone, name, created_at, updated_at)
     select x.id, ?, x.phone, x.name, now(), now() from unnest(?::uuid[], ?::text[], ?::text[]) as x(id, phone, name)`,
    [organizationId, pgArray(ids), pgArray(people.map((p) => p[0])), `{${people.map((p) => (p[1] === null ? 'NULL' : `"${p[1]}"`)).join(',')}}`],
  );
  return ids;
}

async function newGroup(): Promise<string> {
  const res = await post(marketer, '/v1/groups', { name: `Wateja ${randomUUID().slice(0, 8)}` });
  expect(res.status).toBe(201);
  return res.body.data.group.id;
}

const membersOf = async (groupId: string) =>
  (await env.sql<{ contact_id: string }>('select contact_id from group_members where group_id = ? order by contact_id', [groupId])).map((m) => m.contact_id);

describe('finding contacts to add', () => {
  it('by a part of a name (any case) or of a number, newest first, each saying whether it is a member; keyset pages', async () => {
    const [amina, mussa, halima, asha] = await contacts(org.id, [
      ['+255754110001', 'Amina Mussa'],
      ['+255754110002', 'Mussa Juma'],
      ['+255713110003', 'Halima'],
      ['+255754990004', null],
    ]);
    const group = await newGroup();
    expect((await post(marketer, `/v1/groups/${group}/members/add`, { contact_ids: [mussa] })).status).toBe(200);

    const search = (q: string, extra = '') => marketer.agent.get(`/v1/groups/${group}/member-candidates?search=${encodeURIComponent(q)}${extra}`);
    const byName = await search('MUSSA');
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    expect(byName.body.data.contacts).toEqual([
      { id: mussa, name: 'Mussa Juma', phone: '+255754110002', member: true },
      { id: amina, name: 'Amina Mussa', phone: '+255754110001', member: false },
    ]);
    expect((await search('0004')).body.data.contacts.map((c: { id: string }) => c.id)).toEqual([asha]);
    expect((await search('0713')).body.data.contacts.map((c: { id: string }) => c.id)).toEqual([halima]);
    expect((await search('_%')).body.data.contacts).toEqual([]);

    const first = await search('1100', '&limit=2');
    expect(first.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([halima, mussa]);
    const second = await search('1100', `&limit=2&before=${first.body.data.next_before}`);
    expect(second.body.data).toMatchObject({ next_before: null });
    expect(second.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([amina]);

    const trpc = ok(await viaTrpc.query('groups.memberCandidates', { id: group, search: 'mussa' }));
    expect(trpc).toEqual(byName.body.data);
  });

  it('refuses a search under 2 characters with its field, a group of another organization, and members without contacts.write', async () => {
    const group = await newGroup();
    const short = await marketer.agent.get(`/v1/groups/${group}/member-candidates?search=a`);
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({ code: 'validation_failed', field: 'search' });
    refused(await viaTrpc.query('groups.memberCandidates', { id: group, search: ' a ' }), 400, 'validation_failed', 'search');
    const foreign = await createOtherGroup();
    expect((await marketer.agent.get(`/v1/groups/${foreign}/member-candidates?search=ab`)).status).toBe(404);
    expect((await analyst.agent.get(`/v1/groups/${group}/member-candidates?search=ab`)).status).toBe(403);
  });
});

async function createOtherGroup(): Promise<string> {
  const id = newId();
  await env.sql('insert into groups (id, organization_id, name, created_at, updated_at) values (?, ?, ?, now(), now())', [id, other.id, `Other ${id.slice(-6)}`]);
  return id;
}

describe('adding many at once', () => {
  it('counts repeats and contacts already in the group instead of refusing them', async () => {
    const ids = await contacts(org.id, Array.from({ length: 5 }, (_, i): [string, string] => [`+25575422${String(i).padStart(4, '0')}`, `Bulk ${i}`]));
    const group = await newGroup();
    await post(marketer, `/v1/groups/${group}/members/add`, { contact_ids: [ids[0]] });
    const res = await post(marketer, `/v1/groups/${group}/members/add-many`, { contact_ids: [...ids, ids[1], ids[2]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ added: 4, already_members: 1, repeated: 2 });
    expect(await membersOf(group)).toEqual([...ids].sort());
    expect((await marketer.agent.get('/v1/groups')).body.data.groups.find((g: { id: string }) => g.id === group).members).toBe(5);
    expect(ok(await viaTrpc.mutate('groups.addManyMembers', { id: group, contact_ids: ids }))).toEqual({ added: 0, already_members: 5, repeated: 0 });
  });

  it('takes 1,000 ids in one call; refuses 1,001, and another organization\'s id by its position, adding nothing', async () => {
    const ids = await contacts(org.id, Array.from({ length: 1000 }, (_, i): [string, null] => [`+25576${String(i).padStart(7, '0')}`, null]));
    const group = await newGroup();
    const [foreign] = await contacts(other.id, [['+255754330001', 'Si wetu']]);
    const mixed = await post(marketer, `/v1/groups/${group}/members/add-many`, { contact_ids: [...ids.slice(0, 10), foreign] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.error).toMatchObject({ code: 'validation_failed', field: 'contact_ids.10' });
    expect(await membersOf(group)).toEqual([]);
    const tooMany = await post(marketer, `/v1/groups/${group}/members/add-many`, { contact_ids: [...ids, ids[0]] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toMatchObject({ code: 'validation_failed', field: 'contact_ids' });
    expect(await membersOf(group)).toEqual([]);
    const all = await post(marketer, `/v1/groups/${group}/members/add-many`, { contact_ids: ids });
    expect(all.body.data).toEqual({ added: 1000, already_members: 0, repeated: 0 });
  });
});
