// Campaign drafts: create, list, get, edit (only drafts; every change drops the quote and audience), discard.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { seesLiveData } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { type TrafficClass } from '../../domain/pricing.ts';
import { isReplay, transition, type CampaignStatus } from '../../domain/campaign-states.ts';
import type { CampaignRow } from '../../db/campaigns/rows.ts';
import { newId } from '../../db/ids.ts';
import { lockOrganization } from '../../db/lock-order.ts';
import {
  countDrafts, findCampaignPage, findCampaignRows, findGroupIds, insertDraft, updateDraft, type DraftChange, type IdWalk, type NewDraft,
} from '../../db/campaigns/drafts.ts';
import { findQuotes } from '../../db/campaigns/quotes.ts';
import { moveCampaign } from '../../db/campaigns/campaign-moves.ts';
import { keysetPage } from '../paging.ts';
import { type TCreateDraftBody, type TEditDraftBody, ZListCampaignsQuery } from '../../inputs/campaigns.ts';
import { readSettings } from '../platform/settings.ts';
import { findSenderByName } from '../sender-ids/sender-id-view.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { campaignView, findCampaign, findReadableCampaign, presentCampaign, refuseTestKeys } from './campaign-view.ts';
import { dropAudience } from './audience.ts';
import { withFigures } from './campaign-figures.ts';

export const readAccess: Access = { scopes: ['campaigns:read'], permission: 'campaigns.read' };
export const writeAccess: Access = { scopes: ['campaigns:write'], permission: 'campaigns.write' };

export const MAX_ACTIVE_DRAFTS = 100;
export const MAX_SCHEDULE_AHEAD_MS = 30 * 86_400_000;

interface DraftContent {
  name: string;
  traffic_class: TrafficClass;
  sender: string;
  body: string;
  group_ids: string[];
  scheduled_at: Date | null;
  validity_seconds: number | null;
}

/** What a draft must be at every save: a body the current route can carry, the organization's sender and groups. */
async function checkDraft(tx: Ctx, organizationId: string, draft: DraftContent, kept?: Pick<CampaignRow, 'body' | 'encoding' | 'segments'>) {
  const settings = await readSettings(tx);
  // A body the edit leaves alone keeps its encoding: a rename must not fail on a route changed since (the quote checks it).
  const analysis = kept ? { body: kept.body, encoding: kept.encoding, segments: kept.segments } : unwrap(analyzeBody(draft.body, settings.smsRoute));
  const sender = await findSenderByName(tx, organizationId, draft.sender);
  if (!sender) {
    throw new DomainError('validation_failed', `sender_id: ${draft.sender} is not one of the organization's sender IDs.`, { field: 'sender_id' });
  }
  if (draft.group_ids.length) {
    const known = new Set(await findGroupIds(tx.em, organizationId, draft.group_ids));
    const missing = draft.group_ids.find((id) => !known.has(id));
    if (missing) throw new DomainError('validation_failed', `group_ids: no group of the organization has the id ${missing}.`, { field: 'group_ids' });
  }
  if (draft.scheduled_at) checkSchedule(tx.now, draft.scheduled_at, 'validation_failed');
  return { analysis, sender: sender.name, settings };
}

/** A start in the future and at most 30 days ahead. The draft reports validation_failed; the launch schedule_out_of_range. */
export function checkSchedule(now: Date, at: Date, code: 'validation_failed' | 'schedule_out_of_range'): void {
  const ahead = at.getTime() - now.getTime();
  if (ahead <= 0 || ahead > MAX_SCHEDULE_AHEAD_MS) {
    throw new DomainError(code, 'scheduled_at must be in the future and at most 30 days ahead.', { field: 'scheduled_at', details: { now: now.toISOString() } });
  }
}

export async function createDraft(ctx: Ctx, actor: TenantActor, body: TCreateDraftBody) {
  refuseTestKeys(actor);
  return inTransaction(ctx, async (tx) => {
    const { id, settings } = await addDraft(tx, actor, body);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'campaign.created', targetType: 'campaign', targetId: id, details: { name: body.name } });
    return { campaign: await presentCampaign(tx, await findCampaign(tx, actor.organizationId, id), settings) };
  });
}

/** A new draft, checked as every save is and counted against the drafts' limit; its id and the settings read. */
export async function addDraft(tx: Ctx, actor: TenantActor, body: TCreateDraftBody) {
  // The organization row serialises draft creation, so the count below is exact.
  await lockOrganization(tx.em, actor.organizationId);
  const draft: DraftContent = { ...body, sender: body.sender_id };
  const { analysis, sender, settings } = await checkDraft(tx, actor.organizationId, draft);
  if ((await countDrafts(tx.em, actor.organizationId)) >= MAX_ACTIVE_DRAFTS) {
    throw new DomainError('too_many_drafts', `An organization has at most ${MAX_ACTIVE_DRAFTS} drafts; discard one first.`);
  }
  const id = newId();
  const draftRow: NewDraft = {
    id,
    organization_id: actor.organizationId,
    name: body.name,
    traffic_class: body.traffic_class,
    sender,
    body: analysis.body,
    encoding: analysis.encoding,
    segments: analysis.segments,
    group_ids: body.group_ids,
    scheduled_at: body.scheduled_at,
    validity_seconds: body.validity_seconds,
    created_via: actor.kind === 'member' ? 'dashboard' : 'api',
    api_key_id: actor.kind === 'key' ? actor.keyId : null,
    member_id: actor.kind === 'member' ? actor.memberId : null,
  };
  await insertDraft(tx.em, draftRow, tx.now);
  return { id, settings };
}

export async function getCampaign(ctx: Ctx, actor: TenantActor, id: string) {
  const row = await findReadableCampaign(ctx, actor, id);
  return { campaign: await presentCampaign(ctx, row, await readSettings(ctx)) };
}

/** Campaigns are live traffic: a test key lists none. Launched ones show their money and delivery. */
export async function listCampaigns(ctx: Ctx, actor: TenantActor, query: z.infer<typeof ZListCampaignsQuery>) {
  const { items, next_before } = await keysetPage(query, (walk) => findCampaigns(ctx, actor, {}, walk));
  return { campaigns: await withFigures(ctx, actor.organizationId, items), next_before };
}

/**
 * A page of the organization's campaigns (optionally of one status) in their public shape with their quotes,
 * newest first or, for a page walked backwards, oldest first. Campaigns are live traffic: a test key finds none.
 */
export async function findCampaigns(
  ctx: Ctx,
  actor: TenantActor,
  filter: { status?: CampaignStatus },
  page: IdWalk,
) {
  if (!seesLiveData(actor)) return [];
  return viewsOf(ctx, actor, await findCampaignPage(ctx.em, actor.organizationId, page, filter.status));
}

/** Campaigns of the organization by id, in their public shape (a page of messages names many): one read each table. */
export async function findCampaignsByIds(ctx: Ctx, actor: TenantActor, ids: readonly string[]) {
  if (!seesLiveData(actor) || ids.length === 0) return new Map<string, Awaited<ReturnType<typeof findCampaigns>>[number]>();
  const found = await findCampaignRows(ctx.em, actor.organizationId, ids);
  return new Map((await viewsOf(ctx, actor, found)).map((c) => [c.id, c]));
}

async function viewsOf(ctx: Ctx, actor: TenantActor, found: CampaignRow[]) {
  const quoteIds = found.map((c) => c.launch_quote_id ?? c.quote_id).filter((q): q is string => q !== null);
  const quotes = quoteIds.length ? await findQuotes(ctx.em, actor.organizationId, quoteIds) : [];
  const byId = new Map(quotes.map((q) => [q.id, q]));
  const settings = await readSettings(ctx);
  return found.map((c) => campaignView(c, byId.get(c.launch_quote_id ?? c.quote_id ?? '') ?? null, settings, ctx.now));
}

/** The version a caller reviewed must be the draft's version now (409 campaign_changed). */
export function checkVersion(row: CampaignRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) {
    throw new DomainError('campaign_changed', `The draft is at version ${row.version}, not ${version}; load it again.`, {
      field: 'version',
      details: { version: row.version },
    });
  }
}

/** A change to a draft: its version grows, its quote goes stale and its audience is deleted. */
export async function changeDraft(tx: Ctx, row: CampaignRow, set: DraftChange): Promise<void> {
  await dropAudience(tx, row);
  await updateDraft(tx.em, row, set, tx.now);
}

export async function editDraft(ctx: Ctx, actor: TenantActor, id: string, body: TEditDraftBody) {
  refuseTestKeys(actor);
  return inTransaction(ctx, async (tx) => {
    const row = await findCampaign(tx, actor.organizationId, id, true);
    unwrap(transition(row.status, 'edit'));
    checkVersion(row, body.version);
    const draft: DraftContent = {
      name: body.name ?? row.name,
      traffic_class: body.traffic_class ?? row.traffic_class,
      sender: body.sender_id ?? row.sender,
      body: body.body ?? row.body,
      group_ids: body.group_ids ?? row.group_ids,
      scheduled_at: body.scheduled_at === undefined ? row.scheduled_at : body.scheduled_at,
      validity_seconds: body.validity_seconds === undefined ? row.validity_seconds : body.validity_seconds,
    };
    // An unchanged schedule is not checked again: only a new one must lie ahead.
    const { analysis, sender, settings } = await checkDraft(tx, actor.organizationId, { ...draft, scheduled_at: body.scheduled_at ?? null }, body.body === undefined ? row : undefined);
    await changeDraft(tx, row, {
      name: draft.name,
      traffic_class: draft.traffic_class,
      sender,
      body: analysis.body,
      encoding: analysis.encoding,
      segments: analysis.segments,
      group_ids: draft.group_ids,
      scheduled_at: draft.scheduled_at,
      validity_seconds: draft.validity_seconds,
    });
    const changed = Object.keys(body).filter((k) => k !== 'version');
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'campaign.edited', targetType: 'campaign', targetId: id, details: { fields: changed } });
    return { campaign: await presentCampaign(tx, await findCampaign(tx, actor.organizationId, id), settings) };
  });
}

/** Discarding a discarded draft answers it unchanged (`replay`); a launched campaign is cancelled instead. */
export async function discardDraft(ctx: Ctx, actor: TenantActor, id: string) {
  refuseTestKeys(actor);
  return inTransaction(ctx, async (tx) => {
    const row = await findCampaign(tx, actor.organizationId, id, true);
    const settings = await readSettings(tx);
    if (isReplay(row.status, 'discard')) return { campaign: await presentCampaign(tx, row, settings), replay: true };
    unwrap(transition(row.status, 'discard'));
    await dropAudience(tx, row);
    await moveCampaign(tx.em, row, 'discard', tx.now, { discarded_at: tx.now });
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'campaign.discarded', targetType: 'campaign', targetId: id });
    return { campaign: await presentCampaign(tx, await findCampaign(tx, actor.organizationId, id), settings), replay: false };
  });
}
