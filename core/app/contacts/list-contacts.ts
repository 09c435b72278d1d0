// List contacts: search by the start of a number (needs contacts.read), filter by group, keyset paged.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { phoneSearchPrefix } from '../../domain/phone.ts';
import { findContacts } from '../../db/contacts/contact-list.ts';
import { pageOf } from '../paging.ts';
import { canSeeNumbers, contactView } from './contact-view.ts';
import { type TListContactsQuery } from '../../inputs/contacts.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

/** The E.164 prefix to search, refusing a caller without contacts.read (403) and a search that is not a number (422). */
export function searchPrefix(actor: TenantActor, search: string | undefined): string | null {
  if (search === undefined || search.trim() === '') return null;
  if (!canSeeNumbers(actor)) {
    throw new DomainError('forbidden', 'Searching by number needs the permission contacts.read.', { field: 'search' });
  }
  const prefix = phoneSearchPrefix(search);
  if (prefix === null) {
    throw new DomainError('validation_failed', 'search must be the start of a phone number: digits, spaces and a leading +.', { field: 'search' });
  }
  return prefix;
}

export async function listContacts(ctx: Ctx, actor: TenantActor, query: TListContactsQuery) {
  const prefix = searchPrefix(actor, query.search);
  const found = await findContacts(ctx.em, { organizationId: actor.organizationId, before: query.before, prefix, groupId: query.group_id, limit: query.limit + 1 });
  const page = pageOf(found, query.limit);
  const full = canSeeNumbers(actor);
  return { contacts: page.items.map((c) => contactView(c, c.standing, full)), next_before: page.nextBefore };
}
