// List campaign recipients: audience order, status filter, number search (contacts.read), keyset on n, read timeout.
import { z } from 'zod';
import type { Pool, PoolClient } from 'pg';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_SEARCH_LENGTH, maskPhone } from '../../domain/phone.ts';
import { priceShare } from '../../domain/pricing.ts';
import { cents, iso, nativePool, nativeTransaction, rows } from '../../db/sql.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { searchPrefix } from '../contacts/list-contacts.ts';
import { findReadableCampaign, findQuote, type CampaignRow, type QuoteRow } from './campaign-view.ts';

export { readAccess as access } from './drafts.ts';

/** The statuses a recipient shows: its own before it was fed, its message's after. */
export const RECIPIENT_STATUSES = [
  'pending', 'accepted', 'submitted', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled', 'expired', 'skipped_opted_out', 'skipped_no_consent',
] as const;

/** `skipped` means both skipped states (DESIGN.md section 5). */
export const ZRecipientStatusFilter = z.enum([...RECIPIENT_STATUSES, 'skipped']);
export type TRecipientStatusFilter = z.infer<typeof ZRecipientStatusFilter>;

export const MAX_RECIPIENTS_PAGE = 200;
/** n is a PostgreSQL integer: a larger cursor could only ever be past the end. */
const MAX_N = 2_147_483_647;

export const ZListRecipientsQuery = z.strictObject({
  status: ZRecipientStatusFilter.optional(),
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  after: z.coerce.number({ message: 'after must be the next_after of the previous page (an integer >= 0)' }).int().min(0).max(MAX_N).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_RECIPIENTS_PAGE).default(50),
});
export type TListRecipientsQuery = z.infer<typeof ZListRecipientsQuery>;

/** The recipient's public status, charge and times: its message's once queued, its own columns before. */
export const RECIPIENT_STATUS = "case when r.status = 'queued' then m.status else r.status end";
export const RECIPIENT_CHARGE = "case when r.status = 'queued' then m.charge when r.released then 'released' else 'held' end";
export const RECIPIENT_FAILURE = "case when r.status = 'queued' then m.failure_reason end";
export const RECIPIENT_FINAL_AT = "case when r.status = 'queued' then m.final_at else r.final_at end";
/**
 * A recipient never touched since the launch was last updated by it. `format` wraps each column
 * (the export writes them as text); `launchedAt` comes as it should appear.
 */
export const recipientUpdatedAt = (launchedAt: string, format = (column: string) => column) =>
  `case when r.status = 'queued' then ${format('m.updated_at')} else coalesce(${format('r.updated_at')}, ${launchedAt}) end`;

export const RECIPIENTS_FROM = `campaign_recipients r left join messages m on m.organization_id = r.organization_id and m.id = r.message_id`;

/** The public statuses a filter value stands for. */
export function statusesOf(filter: TRecipientStatusFilter): string[] {
  return filter === 'skipped' ? ['skipped_opted_out', 'skipped_no_consent'] : [filter];
}

/** A campaign with recipients: launched (a draft or a discarded one has none: 409 campaign_not_launched), with its quote. */
export async function launchedCampaign(ctx: Ctx, actor: TenantActor, id: string): Promise<{ campaign: CampaignRow; quote: QuoteRow }> {
  const campaign = await findReadableCampaign(ctx, actor, id);
  const quote = campaign.launch_quote_id ? await findQuote(ctx, actor.organizationId, campaign.launch_quote_id) : null;
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
export async function withReadTimeout<T>(ctx: Ctx, pool: Pool, read: (tx: PoolClient) => Promise<T>): Promise<T> {
  const ms = ctx.deps.config.readTimeoutMs;
  try {
    return await nativeTransaction(pool, async (tx) => {
      await tx.query("select set_config('statement_timeout', $1, true)", [String(ms)]);
      return read(tx);
    });
  } catch (err) {
    throw isStatementTimeout(err) ? readTimeout(ms) : err;
  }
}

interface RecipientRow {
  n: number;
  phone: string;
  status: string;
  message_id: string | null;
  failure_reason: string | null;
  charge: string;
  queued_at: Date | null;
  updated_at: Date;
  final_at: Date | null;
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
  const conditions = ['r.organization_id = ?', 'r.quote_id = ?', 'r.n > ?'];
  const params: unknown[] = [actor.organizationId, quote.id, query.after ?? 0];
  if (query.status) {
    conditions.push(`${RECIPIENT_STATUS} = any(?::text[])`);
    params.push(statusesOf(query.status));
  }
  if (prefix) {
    // The prefix holds only + and digits, so it needs no LIKE escaping.
    conditions.push('r.phone like ?');
    params.push(`${prefix}%`);
  }
  const found = await withReadTimeout(ctx, await nativePool(ctx.em), (tx) =>
    rows<RecipientRow>(
      tx,
      `select r.n, r.phone, r.message_id, r.queued_at, ${RECIPIENT_STATUS} as status, ${RECIPIENT_CHARGE} as charge,
         ${RECIPIENT_FAILURE} as failure_reason, ${recipientUpdatedAt('?::timestamptz')} as updated_at, ${RECIPIENT_FINAL_AT} as final_at
       from ${RECIPIENTS_FROM}
       where ${conditions.join(' and ')}
       order by r.n limit ?`,
      [campaign.launched_at, ...params, query.limit + 1],
    ),
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
  const found = await withReadTimeout(ctx, await nativePool(ctx.em), (tx) =>
    rows<{ quote_id: string; status: (typeof RECIPIENT_STATUSES)[number]; n: number }>(
      tx,
      `select r.quote_id, ${RECIPIENT_STATUS} as status, count(*)::int as n from ${RECIPIENTS_FROM}
       where r.organization_id = ? and r.quote_id = any(?::uuid[]) group by 1, 2`,
      [actor.organizationId, `{${quoteIds.join(',')}}`],
    ),
  );
  for (const row of found) {
    const c = counts.get(row.quote_id);
    if (c && row.status in c) c[row.status] = row.n;
  }
  return counts;
}

/** A launched campaign's recipients counted by status, as its progress: one statement, whatever its size. */
export async function campaignProgress(ctx: Ctx, actor: TenantActor, id: string) {
  const { campaign, quote } = await launchedCampaign(ctx, actor, id);
  const counts = (await recipientCounts(ctx, actor, [quote.id])).get(quote.id) ?? noRecipients();
  return { id: campaign.id, status: campaign.status, recipients: campaign.audience_size ?? 0, counts };
}
