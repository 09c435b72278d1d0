// Cancel a scheduled or sending campaign (members only): pending shares released at once, queued messages cancelled.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import { actorRef, type TenantActor } from '../actor.ts';
import { isReplay, transition } from '../../domain/campaign-states.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import type { CancelReport } from '../../db/campaigns/rows.ts';
import { UUID_RE } from '../../db/ids.ts';
import { campaignPool, onOwnClient } from '../../db/campaigns/own-client.ts';
import { countInFlight, lockLaunchedCampaign } from '../../db/campaigns/launched.ts';
import { moveCampaign } from '../../db/campaigns/campaign-moves.ts';
import { queueCampaignJob } from '../../db/jobs/campaign-jobs.ts';
import { readSettings } from '../platform/settings.ts';
import { insertAudit } from '../audit/record-audit.ts';
import { findCampaign, presentCampaign } from './campaign-view.ts';
import { settlePending, settleQueued } from './campaign-progress.ts';

export const access: Access = { scopes: [], permission: 'campaigns.launch' };

/**
 * Runs on its own connection: the pending recipients, the queued messages and the campaign move in one
 * transaction with the campaign row locked, so a feeder or the dispatcher sees either all of it or none.
 * Messages a dispatcher has started to submit are not recalled: they are counted as in flight.
 */
export async function cancelCampaign(ctx: Ctx, actor: TenantActor, id: string) {
  if (!UUID_RE.test(id)) throw new DomainError('not_found', `No campaign has the id ${id}.`);
  const pool = await campaignPool(ctx.em);
  const outcome = await onOwnClient(pool, async (tx) => {
    const c = await lockLaunchedCampaign(tx, actor.organizationId, id);
    if (!c) throw new DomainError('not_found', `No campaign has the id ${id}.`);
    if (isReplay(c.status, 'cancel')) return { report: c.cancel_report!, replay: true };
    // Refused before anything moves; the move itself is written last.
    unwrap(transition(c.status, 'cancel'));
    // Messages before the wallet, as every other writer locks them, so that none waits on another in a circle.
    const queuedAtCancel = await settleQueued(tx, c, 'cancel', ctx.now);
    const pendingCancelled = await settlePending(tx, c, 'cancelled', ctx.now);
    const report: CancelReport = { pending_cancelled: pendingCancelled, queued_at_cancel: queuedAtCancel, in_flight_at_cancel: await countInFlight(tx, c) };
    const next = await moveCampaign(tx, c, 'cancel', ctx.now, { cancel_requested_at: ctx.now, cancel_report: JSON.stringify(report) });
    // A cancelling campaign's job comes at once, and then until the messages in flight at the cancel are answered.
    if (next === 'cancelling') await queueCampaignJob(tx, { organizationId: c.organization_id, id: c.id }, 0);
    await insertAudit(tx, ctx.now, actorRef(actor), { organizationId: c.organization_id, action: 'campaign.cancel_requested', targetType: 'campaign', targetId: c.id, details: { ...report } });
    return { report, replay: false };
  });
  const row = await findCampaign(ctx, actor.organizationId, id);
  return { campaign: await presentCampaign(ctx, row, await readSettings(ctx)), cancel: outcome.report, replay: outcome.replay };
}
