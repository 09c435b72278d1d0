// GET /v1/wallet/top-ups: the organization's top-up requests, newest first, optionally of one status.
import type { Access } from '../../../domain/access.ts';
import type { Ctx } from '../../context.ts';
import type { TenantActor } from '../../actor.ts';
import { findTopUpRequests } from '../../../db/top-ups/top-up-requests.ts';
import { keysetPage } from '../../paging.ts';
import { topUpView } from './top-up-view.ts';
import { type TListTopUpsQuery } from '../../../inputs/wallet.ts';

/** Members only, as requesting is; whoever reads the wallet may see what was asked of it. */
export const access: Access = { scopes: [], permission: 'wallet.read' };

export async function listTopUps(ctx: Ctx, actor: TenantActor, query: TListTopUpsQuery) {
  const { items, next_before } = await keysetPage(query, async (walk) => {
    const found = await findTopUpRequests(ctx.em, actor.organizationId, query.status ?? null, walk);
    return found.map(topUpView);
  });
  return { top_ups: items, next_before };
}
