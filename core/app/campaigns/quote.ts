// Quote a draft: freeze and price the draft's audience in one transaction; nothing is held.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { priceCampaign, unitPrice } from '../../domain/pricing.ts';
import { needsConsent } from '../../domain/consent.ts';
import { quoteExpiresAt } from '../../domain/campaign-states.ts';
import type { CampaignRow } from '../../db/campaigns/rows.ts';
import { newId } from '../../db/ids.ts';
import { countMemberships, setLocalStatementTimeout } from '../../db/campaigns/audience.ts';
import { findQuote, insertQuote, setLatestQuote } from '../../db/campaigns/quotes.ts';
import { readSettings } from '../platform/settings.ts';
import { currentPricePlan } from '../price-plans/price-plan.ts';
import { approvedClasses, findSenderByName } from '../sender-ids/sender-id-view.ts';
import { keptValue, usedKeyResult, withIdempotency, type IdempotentRequest, type KeptResult } from '../idempotency.ts';
import { findUsedKey } from '../../db/idempotency/records.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findCampaign, presentCampaign, quoteView, refuseTestKeys } from './campaign-view.ts';
import { checkMemberships, dropAudience, freezeAudience } from './audience.ts';
import { checkVersion } from './drafts.ts';
import { type TQuoteBody } from '../../inputs/campaigns.ts';

/** The most a quote may total, in cents (1,000,000,000 TZS): a larger campaign is a mistake or needs splitting. */
export const MAX_QUOTE_TOTAL = 100_000_000_000n;

const QUERY_CANCELED = '57014';

/** The sender must be approved by the service for the campaign's class (its provider approval is the launch's concern). */
export async function checkCampaignSender(tx: Ctx, row: CampaignRow) {
  const sender = await findSenderByName(tx, row.organization_id, row.sender);
  if (!sender || !approvedClasses(sender).includes(row.traffic_class)) {
    throw new DomainError('sender_not_authorized', `The sender ID ${row.sender} is not approved for ${row.traffic_class} messages of this organization.`, {
      field: 'sender_id',
    });
  }
  return sender;
}

function audienceEmpty(why: string): DomainError {
  return new DomainError('audience_empty', `Nobody would receive this campaign: ${why}.`, { field: 'group_ids' });
}

/** Freezes the audience under the configured time limit; running out of time rolls everything back (503 quote_timeout). */
async function freezeWithin(tx: Ctx, input: Parameters<typeof freezeAudience>[1]) {
  const limitMs = tx.deps.config.quoteTimeoutMs;
  await setLocalStatementTimeout(tx.em, Math.max(1, Math.floor(limitMs)));
  try {
    return await freezeAudience(tx, input);
  } catch (err) {
    if ((err as { code?: string }).code === QUERY_CANCELED) {
      throw new DomainError('quote_timeout', 'Freezing the audience took too long; nothing was kept. Retry shortly, or quote fewer groups.', { retryAfter: 30 });
    }
    throw err;
  } finally {
    // Nothing after the freeze may be cut short by its limit. (After a failure the transaction is already lost.)
    await setLocalStatementTimeout(tx.em, 0).catch(() => {});
  }
}

async function quoteDraft(tx: Ctx, actor: TenantActor, id: string, body: TQuoteBody) {
  const row = await findCampaign(tx, actor.organizationId, id, true);
  if (row.status !== 'draft') throw new DomainError('campaign_not_draft', 'Only a draft can be quoted.', { details: { status: row.status } });
  checkVersion(row, body.version);
  const settings = await readSettings(tx);
  const analysis = unwrap(analyzeBody(row.body, settings.smsRoute));
  await checkCampaignSender(tx, row);
  const plan = await currentPricePlan(tx, actor.organizationId);
  if (row.group_ids.length === 0) throw audienceEmpty('the draft has no groups');
  checkMemberships(await countMemberships(tx.em, actor.organizationId, row.group_ids));
  // Quoting again makes the previous quote stale and rebuilds the audience.
  await dropAudience(tx, row);
  const quoteId = newId();
  const counts = await freezeWithin(tx, { organizationId: actor.organizationId, quoteId, groupIds: row.group_ids, consentNeeded: needsConsent(row.traffic_class) });
  if (counts.eligible === 0) throw audienceEmpty('every number of its groups is opted out or has no consent, or the groups are empty');
  const unitAmount = unitPrice(plan.rates, row.traffic_class);
  const total = priceCampaign(unitAmount, analysis.segments, counts.eligible);
  if (total > MAX_QUOTE_TOTAL) {
    throw new DomainError('total_too_large', `The campaign would cost ${total} cents; one campaign may cost at most ${MAX_QUOTE_TOTAL} cents. Split the audience.`, {
      details: { total: Number(total), max: Number(MAX_QUOTE_TOTAL) },
    });
  }
  await insertQuote(tx.em, {
    id: quoteId,
    organization_id: actor.organizationId,
    campaign_id: row.id,
    campaign_version: row.version,
    group_ids: row.group_ids,
    memberships: counts.memberships,
    eligible: counts.eligible,
    duplicates: counts.duplicates,
    opted_out: counts.opted_out,
    no_consent: counts.no_consent,
    traffic_class: row.traffic_class,
    encoding: analysis.encoding,
    segments: analysis.segments,
    sms_route: settings.smsRoute,
    price_plan_id: plan.id,
    unit_amount: unitAmount.toString(),
    total: total.toString(),
    created_at: tx.now,
    expires_at: quoteExpiresAt(tx.now),
  });
  await setLatestQuote(tx.em, row, quoteId);
  await recordAudit(tx, actor, {
    organizationId: actor.organizationId,
    action: 'campaign.quoted',
    targetType: 'campaign',
    targetId: row.id,
    details: { quote_id: quoteId, eligible: counts.eligible, total: Number(total) },
  });
  const quote = (await findQuote(tx.em, actor.organizationId, quoteId))!;
  return { quote: quoteView(quote, settings, tx.now), campaign: await presentCampaign(tx, await findCampaign(tx, actor.organizationId, row.id), settings) };
}

/** A replay answers the original quote as it stands now (it may have become stale or expired since). */
async function replayQuote(ctx: Ctx, actor: TenantActor, kept: KeptResult) {
  const first = keptValue<{ quote: { id: string } }>(kept);
  const quote = (await findQuote(ctx.em, actor.organizationId, first.quote.id))!;
  const settings = await readSettings(ctx);
  const campaign = await findCampaign(ctx, actor.organizationId, quote.campaign_id);
  return { quote: quoteView(quote, settings, ctx.now), campaign: await presentCampaign(ctx, campaign, settings), replay: true };
}

/** Quotes the draft under the request's idempotency key; `replay` says the key had already quoted it. */
export async function quoteCampaign(ctx: Ctx, actor: TenantActor, id: string, body: TQuoteBody, request: IdempotentRequest) {
  refuseTestKeys(actor);
  const used = usedKeyResult(await findUsedKey(ctx.em, request.scope, ctx.now), request.scope);
  if (used !== null) return replayQuote(ctx, actor, used);
  const out = await withIdempotency(ctx, request.scope, (tx) => quoteDraft(tx, actor, id, body));
  if (out.replay) return replayQuote(ctx, actor, out.kept);
  return { ...out.value, replay: false };
}
