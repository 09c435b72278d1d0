// POST /v1/campaigns/{id}/launch (members only): the whole quote total held in one reservation; scheduled or sending.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { actorRef } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { hold } from '../../domain/ledger.ts';
import { requireCurrentQuote, transition } from '../../domain/campaign-states.ts';
import { startRefusedByWindow } from '../../domain/launch-window.ts';
import { applyMovement, findWallet } from '../../db/wallets.ts';
import { findQuote } from '../../db/campaigns/quotes.ts';
import { moveCampaign } from '../../db/campaigns/campaign-moves.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { readSettings } from '../platform/settings.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { queueCampaignJob } from '../../db/jobs/campaign-jobs.ts';
import { findCampaign, presentCampaign, statusOfQuote } from './campaign-view.ts';
import { checkSchedule } from './drafts.ts';
import { type TLaunchBody } from '../../inputs/campaigns.ts';
import { checkCampaignSender } from './quote.ts';
import { campaignEvent } from './campaign-events.ts';

export const access: Access = { scopes: [], permission: 'campaigns.launch' };

/** Validity when neither the launch nor the draft names one. */
export const DEFAULT_VALIDITY_SECONDS = 86_400;

/**
 * Checks in this order, each refusal leaving the draft as it was: the campaign is a draft; the
 * quote is one of its quotes; the body still fits the current route (quoting again would not help);
 * the quote is the latest and current; the schedule; the organization, the sender and its route
 * approval; the sending window for promotional campaigns; then the wallet.
 */
export async function launchCampaign(ctx: Ctx, actor: TenantActor, id: string, body: TLaunchBody) {
  return inTransaction(ctx, async (tx) => {
    const row = await findCampaign(tx, actor.organizationId, id, true);
    const startsNow = !body.scheduled_at;
    const event = startsNow ? 'launch_now' : 'launch_scheduled';
    // Refused before anything else is checked; the move itself is written last.
    unwrap(transition(row.status, event));
    const quote = await findQuote(tx.em, actor.organizationId, body.quote_id);
    if (!quote || quote.campaign_id !== row.id) {
      throw new DomainError('validation_failed', `quote_id: ${body.quote_id} is not a quote of this campaign.`, { field: 'quote_id' });
    }
    const settings = await readSettings(tx);
    unwrap(analyzeBody(row.body, settings.smsRoute));
    const latest = quote.id === row.quote_id && quote.campaign_version === row.version;
    unwrap(requireCurrentQuote(latest ? statusOfQuote(quote, settings, tx.now) : 'stale'));
    if (body.scheduled_at) checkSchedule(tx.now, body.scheduled_at, 'schedule_out_of_range');
    const startsAt = body.scheduled_at ?? tx.now;
    const organization = await requireOrganization(tx, actor.organizationId);
    if (!organization.verified) throw new DomainError('organization_not_verified', 'Campaigns can be launched once the service has verified the organization.');
    const sender = await checkCampaignSender(tx, row);
    if (!sender.route_approved) {
      throw new DomainError('sender_not_ready', `The sender ID ${row.sender} is approved, but the SMS route has not approved it yet.`, { field: 'sender_id' });
    }
    if (startRefusedByWindow(row.traffic_class, settings.window, startsAt)) {
      throw new DomainError('outside_sending_window', `A promotional campaign must start inside the sending window (${settings.window.opens} to ${settings.window.closes}, Africa/Dar_es_Salaam).`, {
        field: startsNow ? undefined : 'scheduled_at',
      });
    }
    const wallet = await findWallet(tx.em, actor.organizationId, true);
    if (wallet?.frozen) throw new DomainError('wallet_frozen', 'The wallet is frozen; contact the service.');
    const total = BigInt(quote.total);
    await applyMovement(tx.em, actor.organizationId, (b) => hold(b, total), { ...actorRef(actor), campaignId: row.id, reference: `campaign ${row.id} reservation`, at: tx.now });

    const validity = body.validity_seconds ?? row.validity_seconds ?? DEFAULT_VALIDITY_SECONDS;
    const expiresAt = new Date(startsAt.getTime() + validity * 1000);
    await moveCampaign(tx.em, row, event, tx.now, {
      launch_quote_id: quote.id,
      launched_at: tx.now,
      launched_by: actor.kind === 'member' ? actor.memberId : null,
      reserved: total.toString(),
      scheduled_at: body.scheduled_at ?? null,
      validity_seconds: validity,
      starts_at: startsAt,
      expires_at: expiresAt,
      started_at: startsNow ? tx.now : null,
      audience_size: quote.eligible,
    });
    const launched = await findCampaign(tx, actor.organizationId, id);
    await addEvents(tx.em, tx.now, [campaignEvent(launched)]);
    // Its own job, for its start: queued with the launch, or not at all.
    await queueCampaignJob(tx.em, { organizationId: actor.organizationId, id: row.id }, startsAt.getTime() - tx.now.getTime());
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'campaign.launched',
      targetType: 'campaign',
      targetId: row.id,
      details: { quote_id: quote.id, reserved: Number(total), starts_at: startsAt.toISOString(), validity_seconds: validity },
    });
    return { campaign: await presentCampaign(tx, launched, settings) };
  });
}
