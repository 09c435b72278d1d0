// List opt-outs: active (default), cleared or all; search by the start of a number (needs contacts.read).
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { findOptOuts } from '../../db/opt-outs/opt-outs.ts';
import { pageOf } from '../paging.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { searchPrefix } from '../contacts/list-contacts.ts';
import { optOutView } from './opt-out-view.ts';
import { type TListOptOutsQuery } from '../../inputs/opt-outs.ts';

export const access: Access = { scopes: [], permission: 'contacts.read' };

export async function listOptOuts(ctx: Ctx, actor: TenantActor, query: TListOptOutsQuery) {
  const prefix = searchPrefix(actor, query.search);
  const found = await findOptOuts(ctx.em, { organizationId: actor.organizationId, status: query.status, before: query.before, prefix, limit: query.limit + 1 });
  const page = pageOf(found, query.limit);
  const full = canSeeNumbers(actor);
  return { opt_outs: page.items.map((o) => optOutView(o, full)), next_before: page.nextBefore };
}
