// The public shapes of campaigns and quotes: a campaign embeds its latest quote and its launch.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { seesLiveData } from '../actor.ts';
import type { SmsRoute } from '../../domain/segments.ts';
import { quoteStatus, type QuoteStatus } from '../../domain/campaign-states.ts';
import { DomainError } from '../../domain/errors.ts';
import { type CampaignRow, type QuoteRow } from '../../db/campaigns/rows.ts';
import { cents, iso } from '../../domain/values.ts';
import { findQuote } from '../../db/campaigns/quotes.ts';
import { findOwned } from '../find-owned.ts';
import type { SendingWindowSettings } from '../../domain/sending-window.ts';
import { launchWindowAdvice } from '../../domain/launch-window.ts';
import { withFigures, type LaunchFigures } from './campaign-figures.ts';

/** Caveats that hold for every quote: segment counts assume handsets use the standard segment sizes. */
export const QUOTE_ASSUMPTIONS = ['segment_sizes_standard'] as const;

/** The platform's SMS route changes are read once per request and passed to the views. */
export interface RouteState {
  smsRoute: SmsRoute;
  smsRouteChangedAt: Date | null;
}

/** What a campaign's view reads of the platform settings: the SMS route for its quote, the window for its launch. */
export interface ViewSettings extends RouteState {
  window: SendingWindowSettings;
}

/** Stale when an edit, a deleted group or a new quote said so, or when the SMS route changed after it was made. */
export function statusOfQuote(quote: QuoteRow, route: RouteState, at: Date): QuoteStatus {
  const routeChanged =
    quote.sms_route !== route.smsRoute || (route.smsRouteChangedAt !== null && route.smsRouteChangedAt > quote.created_at) ? (route.smsRouteChangedAt ?? at) : null;
  const staleAt = [quote.stale_at, routeChanged].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return quoteStatus({ expiresAt: quote.expires_at, staleAt }, at);
}

export function quoteView(quote: QuoteRow, route: RouteState, at: Date) {
  return {
    id: quote.id,
    campaign_id: quote.campaign_id,
    status: statusOfQuote(quote, route, at),
    campaign_version: quote.campaign_version,
    group_ids: quote.group_ids,
    audience: { eligible: quote.eligible, duplicates: quote.duplicates, opted_out: quote.opted_out, no_consent: quote.no_consent },
    encoding: quote.encoding,
    segments: quote.segments,
    traffic_class: quote.traffic_class,
    sms_route: quote.sms_route,
    unit_amount: cents(quote.unit_amount),
    total: cents(quote.total),
    currency: 'TZS',
    created_at: iso(quote.created_at),
    expires_at: iso(quote.expires_at),
    assumptions: [...QUOTE_ASSUMPTIONS],
  };
}

/** A launch's money and delivery are added where a campaign is shown on its own or in the list (campaign-figures.ts). */
type LaunchView = ReturnType<typeof launchFields> & Partial<LaunchFigures>;

function launchView(row: CampaignRow): LaunchView | null {
  return row.launched_at ? launchFields(row) : null;
}

function launchFields(row: CampaignRow) {
  return {
    quote_id: row.launch_quote_id,
    launched_at: iso(row.launched_at),
    launched_by_member_id: row.launched_by,
    starts_at: iso(row.starts_at),
    started_at: iso(row.started_at),
    expires_at: iso(row.expires_at),
    validity_seconds: row.validity_seconds,
    recipients: row.audience_size,
    /** Recipients the feeding reached (queued or skipped); those a cancel or an expiry settled before were never fed. */
    fed: row.recipients_fed,
    /** Messages made for the operator, in whatever status they stand now. */
    handed_to_sending: row.messages_made,
    amount_held: cents(row.reserved ?? 0),
    currency: 'TZS',
    cancel_requested_at: iso(row.cancel_requested_at),
    /** What the cancel found (pending cancelled, queued, in flight), kept for whoever looks later. */
    cancel_report: row.cancel_report,
    finished_at: iso(row.finished_at),
  };
}

/** For a draft: whether the sending window would refuse its launch now or at its schedule, and its next opening. */
function launchWindowView(row: CampaignRow, window: SendingWindowSettings, at: Date) {
  if (row.status !== 'draft') return null;
  const advice = launchWindowAdvice(row.traffic_class, window, at, row.scheduled_at);
  return { ...advice, next_opening: iso(advice.next_opening)! };
}

/** The quote embedded in a campaign is its latest (for a launched campaign, the one launched). */
export function campaignView(row: CampaignRow, quote: QuoteRow | null, route: ViewSettings, at: Date) {
  return {
    id: row.id,
    name: row.name,
    traffic_class: row.traffic_class,
    sender_id: row.sender,
    body: row.body,
    encoding: row.encoding,
    segments: row.segments,
    group_ids: row.group_ids,
    scheduled_at: iso(row.scheduled_at),
    validity_seconds: row.validity_seconds,
    status: row.status,
    version: row.version,
    created_via: row.created_via,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    quote: quote ? quoteView(quote, route, at) : null,
    launch: launchView(row),
    launch_window: launchWindowView(row, route.window, at),
  };
}

export function findCampaign(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<CampaignRow> {
  return findOwned<CampaignRow>(ctx, { table: 'campaigns', noun: 'campaign' }, organizationId, id, lock);
}

/** A campaign the caller may read: campaigns are live traffic, so a test key finds none (404 like any unknown id). */
export async function findReadableCampaign(ctx: Ctx, actor: TenantActor, id: string): Promise<CampaignRow> {
  if (!seesLiveData(actor)) throw new DomainError('not_found', `There is no campaign ${id}.`);
  return findCampaign(ctx, actor.organizationId, id);
}

/** The campaign's shape with its quote (and, launched, its money and delivery), as every campaign operation answers. */
export async function presentCampaign(ctx: Ctx, row: CampaignRow, route: ViewSettings) {
  const quote = await findQuote(ctx.em, row.organization_id, row.launch_quote_id ?? row.quote_id);
  const [shown] = await withFigures(ctx, row.organization_id, [campaignView(row, quote, route, ctx.now)]);
  return shown!;
}

/** Test keys cannot create, change, quote or discard campaigns (nothing they do reaches the wallet or a handset). */
export function refuseTestKeys(actor: { kind: string; mode?: string }): void {
  if (actor.kind === 'key' && actor.mode === 'test') {
    throw new DomainError('test_mode_not_allowed', 'Campaigns are live traffic: use a live key or the dashboard.');
  }
}
