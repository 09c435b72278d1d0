// Copy as new draft (any status): the name with " (copy)", the text, class, sender, validity and the groups that
// still exist; never the schedule (its moment has passed or belongs to the original) nor a quote.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { copyName } from '../../domain/campaign-copy.ts';
import type { TCopyCampaignBody } from '../../inputs/campaigns.ts';
import { findGroupIds } from '../../db/campaigns/drafts.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findCampaign, findReadableCampaign, presentCampaign, refuseTestKeys } from './campaign-view.ts';
import { addDraft, writeAccess } from './drafts.ts';

export { ZCopyCampaignBody } from '../../inputs/campaigns.ts';

export const access: Access = writeAccess;

/**
 * The new draft is checked as any new draft is (the body on today's route, the sender, the drafts' limit). Groups
 * deleted since are left out and named in `left_out_group_ids`.
 */
export async function copyCampaign(ctx: Ctx, actor: TenantActor, id: string, _body: TCopyCampaignBody = {}) {
  refuseTestKeys(actor);
  return inTransaction(ctx, async (tx) => {
    const source = await findReadableCampaign(tx, actor, id);
    const existing = new Set(source.group_ids.length ? await findGroupIds(tx.em, actor.organizationId, source.group_ids) : []);
    const groupIds = source.group_ids.filter((g) => existing.has(g));
    const leftOut = source.group_ids.filter((g) => !existing.has(g));
    const name = copyName(source.name);
    const { id: copyId, settings } = await addDraft(tx, actor, {
      name,
      traffic_class: source.traffic_class,
      sender_id: source.sender,
      body: source.body,
      group_ids: groupIds,
      scheduled_at: null,
      validity_seconds: source.validity_seconds,
    });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'campaign.copied',
      targetType: 'campaign',
      targetId: copyId,
      details: { name, copied_from: source.id, left_out_group_ids: leftOut },
    });
    const campaign = await presentCampaign(tx, await findCampaign(tx, actor.organizationId, copyId), settings);
    return { campaign, copied_from: source.id, left_out_group_ids: leftOut };
  });
}
