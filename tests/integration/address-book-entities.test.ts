// The address book's entities describe their tables exactly (every column, the same key) and their repository
// functions keep the answers the SQL they replaced gave: a clash on a number or a group's name is an answer, not
// an error; timestamps come back as the instants written; a count kept by a trigger is read, never written.
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type Ctx } from '../../core/app/context.ts';
import { newId } from '../../core/db/ids.ts';
import { Contact } from '../../core/db/entities/contact.ts';
import { Group } from '../../core/db/entities/group.ts';
import { contactIdOf, findContact, insertContact, removeContact, renameContact } from '../../core/db/contacts/contacts.ts';
import { findGroup, insertGroup, setGroupName } from '../../core/db/groups/groups.ts';
import { insertGroupMembers, touchGroup } from '../../core/db/groups/members.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { keys: {} });
});

/** The answer of fn inside a transaction that is then rolled back, as a use case ends one with its refusal. */
async function answerThenRefuse<T>(fn: (tx: Ctx) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await expect(
    inTransaction(await env.ctx(), async (tx) => {
      answer = await fn(tx);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  return answer as T;
}

async function columns(table: string): Promise<{ all: string[]; key: string[] }> {
  const all = await env.sql<{ column_name: string }>('select column_name from information_schema.columns where table_name = ? order by column_name', [table]);
  const key = await env.sql<{ column_name: string }>(
    `select k.column_name from information_schema.table_constraints t
     join information_schema.key_column_usage k on k.constraint_name = t.constraint_name and k.table_name = t.table_name
     where t.table_name = ? and t.constraint_type = 'PRIMARY KEY' order by k.ordinal_position`,
    [table],
  );
  return { all: all.map((c) => c.column_name), key: key.map((c) => c.column_name) };
}

describe('the address book entities', () => {
  it.each([
    ['contacts', Contact],
    ['groups', Group],
  ] as const)('%s: every column and the primary key, no more', async (table, entity) => {
    const meta = env.orm.getMetadata().get(entity as never);
    expect(meta.tableName).toBe(table);
    const fields = meta.props.flatMap((p) => p.fieldNames).sort();
    const keyFields = meta.getPrimaryProps().flatMap((p) => p.fieldNames);
    const found = await columns(table);
    expect(fields).toEqual(found.all);
    expect(keyFields).toEqual(found.key);
  });

  it('writes and reads a contact; a number the organization has is null, not an error', async () => {
    const ctx = await env.ctx();
    const at = new Date('2026-11-22T09:00:00.123Z');
    const id = newId();
    await inTransaction(ctx, async (tx) => {
      const made = await insertContact(tx.em, { id, organizationId: org.id, phone: '+255754900001', name: null, now: at });
      expect(made?.id).toBe(id);
      await renameContact(tx.em, made!, 'Asha', new Date(at.getTime() + 1000));
    });
    const read = (await env.ctx()).em;
    const found = await findContact(read, org.id, id);
    expect(found).toMatchObject({ id, organizationId: org.id, phone: '+255754900001', name: 'Asha' });
    expect(found!.createdAt.toISOString()).toBe(at.toISOString());
    expect(found!.updatedAt.toISOString()).toBe('2026-11-22T09:00:01.123Z');
    expect(await findContact(read, org.id, 'not-a-uuid')).toBeNull();
    expect(await contactIdOf(read, org.id, '+255754900001')).toBe(id);
    expect(await answerThenRefuse((tx) => insertContact(tx.em, { id: newId(), organizationId: org.id, phone: '+255754900001', name: null, now: at }))).toBeNull();
    await inTransaction(await env.ctx(), async (tx) => removeContact(tx.em, (await findContact(tx.em, org.id, id, { lock: true }))!));
    expect(await env.sql('select 1 from contacts where id = ?', [id])).toEqual([]);
  });

  it('renames a group unless another holds the name; the member count is the trigger’s', async () => {
    const at = new Date('2026-11-22T09:00:00Z');
    const [a, b] = await inTransaction(await env.ctx(), async (tx) => [
      await insertGroup(tx.em, { id: newId(), organizationId: org.id, name: 'Alpha', now: at }),
      await insertGroup(tx.em, { id: newId(), organizationId: org.id, name: 'Beta', now: at }),
    ]);
    expect(a!.memberCount).toBe(0);
    const clash = await answerThenRefuse(async (tx) => {
      const group = (await findGroup(tx.em, org.id, b!.id, { lock: true }))!;
      return { renamed: await setGroupName(tx.em, group, 'ALPHA', at), name: group.name };
    });
    expect(clash).toEqual({ renamed: false, name: 'Beta' });
    const contactId = newId();
    await inTransaction(await env.ctx(), async (tx) => {
      await insertContact(tx.em, { id: contactId, organizationId: org.id, phone: '+255754900002', name: null, now: at });
      const group = (await findGroup(tx.em, org.id, a!.id, { lock: true }))!;
      expect(await insertGroupMembers(tx.em, group.id, org.id, [contactId], at)).toBe(1);
      await touchGroup(tx.em, group.id, at);
      expect(await setGroupName(tx.em, group, 'Alpha one', new Date(at.getTime() + 1000))).toBe(true);
    });
    const read = await findGroup((await env.ctx()).em, org.id, a!.id);
    expect(read).toMatchObject({ name: 'Alpha one', memberCount: 1 });
    expect(read!.updatedAt.toISOString()).toBe('2026-11-22T09:00:01.000Z');
  });
});
