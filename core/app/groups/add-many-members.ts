// Picking contacts for a group: find them by a part of their name or number (seeing who is in already), then add up
// to 1,000 in one call, all or nothing.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { maskPhone } from '../../domain/phone.ts';
import { contactSearch } from '../../domain/contact-search.ts';
import type { TAddManyMembersBody, TMemberCandidatesQuery } from '../../inputs/groups.ts';
import { findMemberCandidates } from '../../db/groups/member-candidates.ts';
import { insertGroupMembers, touchGroup } from '../../db/groups/members.ts';
import { pageOf } from '../paging.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { requireGroup } from './group-view.ts';
import { requireOwnContacts } from './group-membership.ts';

export { ZAddManyMembersBody, ZMemberCandidatesQuery } from '../../inputs/groups.ts';

export const access: Access = { scopes: [], permission: 'contacts.write' };

/** A search by number needs contacts.read, as the contact list's does; numbers are masked without it. */
export async function findMemberCandidatesFor(ctx: Ctx, actor: TenantActor, groupId: string, query: TMemberCandidatesQuery) {
  const search = contactSearch(query.search);
  const full = canSeeNumbers(actor);
  if (search.by === 'number' && !full) {
    throw new DomainError('forbidden', 'Searching by number needs the permission contacts.read.', { field: 'search' });
  }
  await requireGroup(ctx, actor.organizationId, groupId);
  const found = await findMemberCandidates(ctx.em, { organizationId: actor.organizationId, groupId, search, before: query.before, limit: query.limit + 1 });
  const page = pageOf(found, query.limit);
  return {
    contacts: page.items.map((c) => ({ id: c.id, name: c.name, phone: full ? c.phone : maskPhone(c.phone), member: c.member })),
    next_before: page.nextBefore,
    numbers_masked: !full,
  };
}

/**
 * Every id must be one of the organization's contacts, or nothing is added (422 naming the first position that is
 * not). Repeated ids and contacts already in the group are counted, never refused.
 */
export async function addManyGroupMembers(ctx: Ctx, actor: TenantActor, groupId: string, body: TAddManyMembersBody) {
  return inTransaction(ctx, async (tx) => {
    await requireGroup(tx, actor.organizationId, groupId, true);
    await requireOwnContacts(tx, actor.organizationId, body.contact_ids);
    const distinct = [...new Set(body.contact_ids)];
    const added = await insertGroupMembers(tx.em, groupId, actor.organizationId, distinct, tx.now);
    if (added > 0) await touchGroup(tx.em, groupId, tx.now);
    return { added, already_members: distinct.length - added, repeated: body.contact_ids.length - distinct.length };
  });
}
