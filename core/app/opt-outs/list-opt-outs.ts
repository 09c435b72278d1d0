// List opt-outs: active (default), cleared or all; search by the start of a number (needs contacts.read).
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { MAX_SEARCH_LENGTH } from '../../domain/phone.ts';
import { rows } from '../../db/sql.ts';
import { ZPage, pageOf } from '../paging.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { searchPrefix } from '../contacts/list-contacts.ts';
import type { OptOutRow } from './opt-out-view.ts';
import { optOutView } from './opt-out-view.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export const ZListOptOutsQuery = ZPage.extend({
  status: z.enum(['active', 'cleared', 'all']).default('active'),
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
});
export type TListOptOutsQuery = z.infer<typeof ZListOptOutsQuery>;

const STATUS_CONDITION = { active: 'opt_out_active(o)', cleared: 'not opt_out_active(o)', all: 'true' } as const;

export async function listOptOuts(ctx: Ctx, actor: TenantActor, query: TListOptOutsQuery) {
  const prefix = searchPrefix(actor, query.search);
  const found = await rows<OptOutRow>(
    ctx.em,
    `select * from opt_outs o
     where organization_id = ? and ${STATUS_CONDITION[query.status]} and (?::uuid is null or id < ?::uuid)
       and (?::text is null or phone like ?)
     order by id desc limit ?`,
    [actor.organizationId, query.before ?? null, query.before ?? null, prefix, prefix ? `${prefix}%` : null, query.limit + 1],
  );
  const page = pageOf(found, query.limit);
  const full = canSeeNumbers(actor);
  return { opt_outs: page.items.map((o) => optOutView(o, full)), next_before: page.nextBefore };
}
