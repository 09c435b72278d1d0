// The operator's view of top-up requests (`ops top-ups list`): every organization's, or one's, newest first,
// each with its clashes; `clashing` keeps only the requests that have one.
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { findTopUpRequestsForOperator } from '../../../db/top-ups/top-up-requests.ts';
import { keysetPage } from '../../paging.ts';
import { requireOrganization } from '../../organizations/find-organization.ts';
import { operatorTopUpViews } from './top-up-view.ts';
import { ZPage } from '../../../inputs/common.ts';
import { ZTopUpStatus } from '../../../inputs/wallet.ts';

export const ZOperatorTopUpsQuery = ZPage.extend({
  organizationId: z.uuid().optional(),
  status: ZTopUpStatus.optional(),
  clashing: z.boolean().optional(),
  /** Only what the operator must look at: paid a different amount, or paid after a failure or an expiry. */
  flagged: z.boolean().optional(),
});
export type TOperatorTopUpsQuery = z.infer<typeof ZOperatorTopUpsQuery>;

export async function listTopUpsForOperator(ctx: Ctx, query: TOperatorTopUpsQuery) {
  if (query.organizationId) await requireOrganization(ctx, query.organizationId);
  const filter = { organizationId: query.organizationId ?? null, status: query.status ?? null, clashing: query.clashing ?? false, flagged: query.flagged ?? false };
  const { items, next_before } = await keysetPage(query, async (walk) => operatorTopUpViews(ctx, await findTopUpRequestsForOperator(ctx.em, filter, walk)));
  return { top_ups: items, next_before };
}
