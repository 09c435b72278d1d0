// List campaign recipients: audience order, status filter, number search (contacts.read), keyset on n, read timeout.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { maskPhone } from '../../domain/phone.ts';
import { priceShare } from '../../domain/pricing.ts';
import { type CampaignRow, type QuoteRow } from '../../db/campaigns/rows.ts';
import { cents, iso } from '../../domain/values.ts';
import { findQuote } from '../../db/campaigns/quotes.ts';
import { campaignPool, type CampaignClient, type CampaignPool } from '../../db/campaigns/own-client.ts';
import { countRecipientsByStatus, findRecipients, withStatementTimeout, type RecipientRow } from '../../db/campaigns/recipients.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { searchPrefix } from '../contacts/list-contacts.ts';
import { findReadableCampaign } from './campaign-view.ts';
import { RECIPIENT_STATUSES, type TListRecipientsQuery, type TRecipientStatusFilter } from '../../inputs/campaigns.ts';

export { readAccess as access } from './drafts.ts';

/** The public statuses a filter value stands for. */
export function statusesOf(filter: TRecipientStatusFilter): string[] {
  return filter === 'skipped' ? ['skipped_opted_out', 'skipped_no_consent'] : [filter];
}

/** A campaign with recipients: launched (a draft or a discarded one has none: 409 campaign_not_launched), with its quote. */
export async function launchedCampaign(ctx: Ctx, actor: TenantActor, id: string): Promise<{ campaign: CampaignRow; quote: QuoteRow }> {
  const campaign = await findReadableCampaign(ctx, actor, id);
  const quote = campaign.launch_quote_id ? await findQuote(ctx.em, actor.organizationId, campaign.launch_quote_id) : null;
  if (!quote) throw new DomainError('campaign_not_launched', `The campaign is ${campaign.status}: it has recipients once launched.`);
  return { campaign, quote };
}

export function readTimeout(ms: number): DomainError {
  return new DomainError('read_timeout', `Reading the recipients took longer than ${ms} ms; retry, or narrow the read with status.`, { retryAfter: 5 });
}

/** PostgreSQL's query_canceled: the statement timeout of the read ran out. */
export function isStatementTimeout(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '57014';
}

/** Runs a read with the configured statement timeout (503 read_timeout when it runs out). */
export async function withReadTimeout<T>(ctx: Ctx, pool: CampaignPool, read: (tx: CampaignClient) => Promise<T>): Promise<T> {
  const ms = ctx.deps.config.readTimeoutMs;
  try {
    return await withStatementTimeout(pool, ms, read);
  } catch (err) {
    throw isStatementTimeout(err) ? readTimeout(ms) : err;
  }
}

function recipientView(r: RecipientRow, quote: QuoteRow, fullNumbers: boolean) {
  return {
    n: r.n,
    to: fullNumbers ? r.phone : maskPhone(r.phone),
    status: r.status,
    message_id: r.message_id,
    failure_reason: r.failure_reason,
    segments: quote.segments,
    unit_amount: cents(quote.unit_amount),
    amount: cents(priceShare(BigInt(quote.unit_amount), quote.segments)),
    charge: r.charge,
    queued_at: iso(r.queued_at),
    updated_at: iso(r.updated_at),
    final_at: iso(r.final_at),
  };
}

export async function listRecipients(ctx: Ctx, actor: TenantActor, id: string, query: TListRecipientsQuery) {
  const prefix = searchPrefix(actor, query.search);
  const { campaign, quote } = await launchedCampaign(ctx, actor, id);
  const found = await withReadTimeout(ctx, await campaignPool(ctx.em), (tx) =>
    findRecipients(tx, {
      organizationId: actor.organizationId,
      quoteId: quote.id,
      launchedAt: campaign.launched_at,
      after: query.after ?? 0,
      statuses: query.status ? statusesOf(query.status) : undefined,
      phonePrefix: prefix,
      limit: query.limit + 1,
    }),
  );
  const page = found.slice(0, query.limit);
  const full = canSeeNumbers(actor);
  return {
    recipients: page.map((r) => recipientView(r, quote, full)),
    next_after: found.length > query.limit ? page[page.length - 1]!.n : null,
    numbers_masked: !full,
  };
}

export type RecipientCounts = Record<(typeof RECIPIENT_STATUSES)[number], number>;

/** The counts of a campaign not launched: 0 in every status. */
export const noRecipients = (): RecipientCounts => Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as RecipientCounts;

/**
 * How many recipients stand in each public status, for the launches (their quote ids) of many campaigns of the
 * caller's organization in one statement; a launch with no recipient in a status counts 0 there.
 */
export async function recipientCounts(ctx: Ctx, actor: TenantActor, quoteIds: readonly string[]): Promise<Map<string, RecipientCounts>> {
  const counts = new Map(quoteIds.map((q) => [q, noRecipients()]));
  if (quoteIds.length === 0) return counts;
  const found = await withReadTimeout(ctx, await campaignPool(ctx.em), (tx) => countRecipientsByStatus(tx, actor.organizationId, quoteIds));
  for (const row of found) {
    const c = counts.get(row.quote_id);
    if (c && row.status in c) c[row.status as keyof RecipientCounts] = row.n;
  }
  return counts;
}

/** A launched campaign's recipients counted by status, as its progress: one statement, whatever its size. */
export async function campaignProgress(ctx: Ctx, actor: TenantActor, id: string) {
  const { campaign, quote } = await launchedCampaign(ctx, actor, id);
  const counts = (await recipientCounts(ctx, actor, [quote.id])).get(quote.id) ?? noRecipients();
  return { id: campaign.id, status: campaign.status, recipients: campaign.audience_size ?? 0, counts };
}
