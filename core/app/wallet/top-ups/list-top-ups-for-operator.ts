// The operator's view of top-up requests (`ops top-ups list`): every organization's, or one's, newest first,
// each with its clashes; `clashing` keeps only the requests that have one.
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { rows } from '../../../db/sql.ts';
import { ZPage, keysetPage } from '../../paging.ts';
import { requireOrganization } from '../../organizations/find-organization.ts';
import { ZTopUpStatus, operatorTopUpViews, type TopUpRow } from './top-up-view.ts';
import { HAS_CLASH } from './reference-clashes.ts';

export const ZOperatorTopUpsQuery = ZPage.extend({
  organizationId: z.uuid().optional(),
  status: ZTopUpStatus.optional(),
  clashing: z.boolean().optional(),
});
export type TOperatorTopUpsQuery = z.infer<typeof ZOperatorTopUpsQuery>;

export async function listTopUpsForOperator(ctx: Ctx, query: TOperatorTopUpsQuery) {
  if (query.organizationId) await requireOrganization(ctx, query.organizationId);
  const org = query.organizationId ?? null;
  const status = query.status ?? null;
  const { items, next_before } = await keysetPage(query, async ({ olderThan, limit }) => {
    const found = await rows<TopUpRow>(
      ctx.em,
      `select * from top_up_requests r
       where (?::uuid is null or organization_id = ?) and (?::text is null or status = ?) and (?::uuid is null or id < ?::uuid)
         and (not ?::boolean or ${HAS_CLASH})
       order by id desc limit ?`,
      [org, org, status, status, olderThan ?? null, olderThan ?? null, query.clashing ?? false, limit],
    );
    return operatorTopUpViews(ctx, found);
  });
  return { top_ups: items, next_before };
}
