// List contacts: search by the start of a number (needs contacts.read), filter by group and by a field's value, keyset paged.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { phoneSearchPrefix } from '../../domain/phone.ts';
import { findContacts } from '../../db/contacts/contact-list.ts';
import { pageOf } from '../paging.ts';
import { findContactField } from '../../db/contacts/contact-fields.ts';
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

/** The filter by a field's value: any field when no field_id is given; a field_id alone is refused. */
async function fieldFilter(ctx: Ctx, actor: TenantActor, query: TListContactsQuery) {
  if (query.field_value === undefined) {
    if (query.field_id !== undefined) throw new DomainError('validation_failed', 'field_value: give the value to look for in the field.', { field: 'field_value' });
    return null;
  }
  if (query.field_id !== undefined && !(await findContactField(ctx.em, actor.organizationId, query.field_id))) {
    throw new DomainError('validation_failed', `field_id: ${query.field_id} is not a contact field of this organization.`, { field: 'field_id' });
  }
  return { fieldId: query.field_id ?? null, value: query.field_value, match: query.field_match };
}

export async function listContacts(ctx: Ctx, actor: TenantActor, query: TListContactsQuery) {
  const prefix = searchPrefix(actor, query.search);
  const field = await fieldFilter(ctx, actor, query);
  const found = await findContacts(ctx.em, { organizationId: actor.organizationId, before: query.before, prefix, groupId: query.group_id, field, limit: query.limit + 1 });
  const page = pageOf(found, query.limit);
  const full = canSeeNumbers(actor);
  return { contacts: page.items.map((c) => contactView(c, c.standing, full)), next_before: page.nextBefore };
}
