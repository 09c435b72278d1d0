// List contacts: search by the start of a number (needs contacts.read), filter by group, keyset paged.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_SEARCH_LENGTH, phoneSearchPrefix } from '../../domain/phone.ts';
import { rows } from '../../db/sql.ts';
import { ZId, ZPage, pageOf } from '../paging.ts';
import type { ContactRow } from './contact-view.ts';
import { CONTACT_SELECT, canSeeNumbers, contactView } from './contact-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export const ZListContactsQuery = ZPage.extend({
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  group_id: ZId.optional(),
});
export type TListContactsQuery = z.infer<typeof ZListContactsQuery>;

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
  const conditions = ['c.organization_id = ?'];
  const params: unknown[] = [actor.organizationId];
  if (query.before) {
    conditions.push('c.id < ?');
    params.push(query.before);
  }
  if (prefix) {
    // The prefix holds only + and digits, so it needs no LIKE escaping.
    conditions.push('c.phone like ?');
    params.push(`${prefix}%`);
  }
  if (query.group_id && !prefix) {
    // Walk the group's members newest first (its primary key), so a small group in a big book stays fast.
    conditions.push(`c.id = any(array(
      select gm.contact_id from group_members gm where gm.group_id = ? and (?::uuid is null or gm.contact_id < ?::uuid)
      order by gm.contact_id desc limit ?))`);
    params.push(query.group_id, query.before ?? null, query.before ?? null, query.limit + 1);
  } else if (query.group_id) {
    conditions.push('exists (select 1 from group_members gm where gm.group_id = ? and gm.contact_id = c.id)');
    params.push(query.group_id);
  }
  const found = await rows<ContactRow>(ctx.em, `${CONTACT_SELECT} where ${conditions.join(' and ')} order by c.id desc limit ?`, [...params, query.limit + 1]);
  const page = pageOf(found, query.limit);
  const full = canSeeNumbers(actor);
  return { contacts: page.items.map((c) => contactView(c, full)), next_before: page.nextBefore };
}
