// Reading one contact for its view is one statement (its row and its standing together), and it answers what the
// locked read of the contact's entity and standing answers, field for field.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantActor } from '../../core/app/actor.ts';
import { inTransaction } from '../../core/app/context.ts';
import { createContact } from '../../core/app/contacts/create-contact.ts';
import { getContact } from '../../core/app/contacts/get-contact.ts';
import { contactView, lockContact } from '../../core/app/contacts/contact-view.ts';
import { createGroup } from '../../core/app/groups/save-group.ts';
import { recordOptOut } from '../../core/app/opt-outs/record-opt-out.ts';
import { createOrg, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { countStatements, type StatementCounter } from '../support/statements.ts';

let env: TestEnv;
let org: OrgFixture;
let owner: TenantActor;
let counter: StatementCounter;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { members: { owner: 'owner' } });
  owner = { kind: 'member', organizationId: org.id, memberId: org.members.owner!.id, role: 'owner', sessionId: 'none' };
  counter = await countStatements(env);
});

/** The view as the locked read of the entity and its standing gives it. */
async function viewByEntity(actor: TenantActor, id: string) {
  return inTransaction(await env.ctx(), async (tx) => {
    const { contact, standing } = await lockContact(tx, actor.organizationId, id);
    return { contact: contactView(contact, standing, true) };
  });
}

describe('one contact for its view', () => {
  it('is one statement, and answers as the entity and its standing do: a name, consent and groups; no name, opted out', async () => {
    const ctx = await env.ctx();
    const groups = [(await createGroup(ctx, owner, { name: 'Wateja' })).group.id, (await createGroup(ctx, owner, { name: 'Wauzaji' })).group.id];
    const named = (await createContact(ctx, owner, { phone: '+255754200001', name: 'Asha', consent: { note: 'at the counter' }, group_ids: groups })).contact;
    const bare = (await createContact(ctx, owner, { phone: '+255754200002', group_ids: [] })).contact;
    await recordOptOut(ctx, owner, { phone: bare.phone });

    for (const id of [named.id, bare.id]) {
      const { statements, answer } = await counter.during(async () => getContact(await env.ctx(), owner, id));
      expect(statements).toBe(1);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(await viewByEntity(owner, id)));
    }
    const read = (await getContact(await env.ctx(), owner, named.id)).contact;
    expect(read).toMatchObject({ name: 'Asha', opted_out: false, group_ids: [...groups].sort() });
    expect(read.consent).toMatchObject({ note: 'at the counter' });
    expect((await getContact(await env.ctx(), owner, bare.id)).contact).toMatchObject({ name: null, consent: null, opted_out: true, group_ids: [] });
  });

  it('is 404 for an id of no contact, one that is no uuid and another organization’s', async () => {
    const other = await createOrg(env, { members: { owner: 'owner' } });
    const otherOwner: TenantActor = { kind: 'member', organizationId: other.id, memberId: other.members.owner!.id, role: 'owner', sessionId: 'none' };
    const theirs = (await createContact(await env.ctx(), otherOwner, { phone: '+255754200003', group_ids: [] })).contact;
    for (const id of ['019a0000-0000-7000-8000-000000000000', 'not-a-uuid', theirs.id]) {
      await expect(getContact(await env.ctx(), owner, id)).rejects.toMatchObject({ code: 'not_found' });
    }
  });
});
