// campaigns and campaign: campaigns with their quote, launch, recipient counts and recipients, read by the same
// use cases as REST (numbers masked and number search refused without contacts.read; test keys see none).
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { guarded } from '../guard.ts';
import { idConnection, MAX_PAGE } from '../connections.ts';
import { loaders } from '../loaders.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/app/paging.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { CAMPAIGN_STATUSES } from '../../core/domain/campaign-states.ts';
import * as drafts from '../../core/app/campaigns/drafts.ts';
import * as recipients from '../../core/app/campaigns/recipients.ts';
import { Message } from './messages.ts';

type CampaignView = Awaited<ReturnType<typeof drafts.findCampaigns>>[number];
type QuoteView = NonNullable<CampaignView['quote']>;
type LaunchView = NonNullable<CampaignView['launch']>;
type RecipientView = Awaited<ReturnType<typeof recipients.listRecipients>>['recipients'][number];

const CampaignStatus = builder.enumType('CampaignStatus', { values: upperCaseValues(CAMPAIGN_STATUSES) });
const RecipientStatus = builder.enumType('RecipientStatus', {
  description: 'A recipient’s status: its own before it was fed, its message’s after. SKIPPED filters both skipped states.',
  values: upperCaseValues([...recipients.RECIPIENT_STATUSES, 'skipped'] as const),
});

const Quote = builder.objectRef<QuoteView>('CampaignQuote').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    campaignVersion: t.exposeInt('campaign_version'),
    eligible: t.int({ resolve: (q) => q.audience.eligible }),
    duplicates: t.int({ resolve: (q) => q.audience.duplicates }),
    optedOut: t.int({ resolve: (q) => q.audience.opted_out }),
    noConsent: t.int({ resolve: (q) => q.audience.no_consent }),
    segments: t.exposeInt('segments'),
    unitAmount: t.field({ type: 'Cents', resolve: (q) => q.unit_amount }),
    total: t.field({ type: 'Cents', resolve: (q) => q.total }),
    createdAt: t.field({ type: 'DateTime', resolve: (q) => q.created_at ?? '' }),
    expiresAt: t.field({ type: 'DateTime', resolve: (q) => q.expires_at ?? '' }),
  }),
});

const Launch = builder.objectRef<LaunchView>('CampaignLaunch').implement({
  fields: (t) => ({
    quoteId: t.exposeString('quote_id', { nullable: true }),
    launchedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.launched_at }),
    startsAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.starts_at }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.started_at }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.expires_at }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.finished_at }),
    recipients: t.exposeInt('recipients', { nullable: true }),
    fed: t.exposeInt('fed'),
    amountHeld: t.field({ type: 'Cents', resolve: (l) => l.amount_held }),
  }),
});

const RecipientCounts = builder.objectRef<recipients.RecipientCounts>('RecipientCounts').implement({
  description: 'How many recipients stand in each status (all 0 before the launch).',
  fields: (t) => ({
    pending: t.exposeInt('pending'),
    accepted: t.exposeInt('accepted'),
    submitted: t.exposeInt('submitted'),
    delivered: t.exposeInt('delivered'),
    undelivered: t.exposeInt('undelivered'),
    failed: t.exposeInt('failed'),
    unknown: t.exposeInt('unknown'),
    cancelled: t.exposeInt('cancelled'),
    expired: t.exposeInt('expired'),
    skippedOptedOut: t.exposeInt('skipped_opted_out'),
    skippedNoConsent: t.exposeInt('skipped_no_consent'),
  }),
});

const Recipient = builder.objectRef<RecipientView>('CampaignRecipient').implement({
  fields: (t) => ({
    n: t.exposeInt('n'),
    to: t.exposeString('to', { description: 'Masked unless the caller may read contacts.' }),
    status: t.exposeString('status'),
    messageId: t.exposeID('message_id', { nullable: true }),
    failureReason: t.exposeString('failure_reason', { nullable: true }),
    segments: t.exposeInt('segments'),
    unitAmount: t.field({ type: 'Cents', resolve: (r) => r.unit_amount }),
    amount: t.field({ type: 'Cents', resolve: (r) => r.amount }),
    charge: t.exposeString('charge'),
    queuedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.queued_at }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.updated_at }),
    finalAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.final_at }),
  }),
});

const RecipientFilter = builder.inputType('RecipientFilter', {
  fields: (t) => ({
    status: t.field({ type: RecipientStatus }),
    search: t.string({ description: 'The start of a number (needs contacts.read).' }),
  }),
});

const N_PREFIX = 'n:';
const nCursor = (n: number) => Buffer.from(`${N_PREFIX}${n}`).toString('base64url');
function nOfCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const n = text.startsWith(N_PREFIX) ? Number(text.slice(N_PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new DomainError('validation_failed', 'after must be a cursor of this connection.', { field: 'after' });
  return n;
}

const Campaign = builder.objectRef<CampaignView>('Campaign').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.field({ type: CampaignStatus, resolve: (c) => c.status as (typeof CAMPAIGN_STATUSES)[number] }),
    trafficClass: t.exposeString('traffic_class'),
    senderId: t.exposeString('sender_id'),
    encoding: t.exposeString('encoding'),
    segments: t.exposeInt('segments'),
    groupIds: t.exposeStringList('group_ids'),
    version: t.exposeInt('version'),
    createdVia: t.exposeString('created_via'),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.created_at ?? '' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updated_at ?? '' }),
    quote: t.field({ type: Quote, nullable: true, resolve: (c) => c.quote }),
    launch: t.field({ type: Launch, nullable: true, resolve: (c) => c.launch }),
    recipientCounts: t.field({ type: RecipientCounts, resolve: (c, _a, context) => loaders(context).recipientCounts.load(c.launch?.quote_id ?? '') }),
    recipients: t.connection(
      {
        type: Recipient,
        args: { filter: t.arg({ type: RecipientFilter }) },
        description: 'The recipients in audience order, forwards only (first, after). A campaign not yet launched has none.',
        resolve: (c, args, context) =>
          guarded(context, recipients.access, async () => {
            if (args.last !== null && args.last !== undefined) throw new DomainError('validation_failed', 'Recipients are paged forwards: use first and after.', { field: 'last' });
            if (args.before) throw new DomainError('validation_failed', 'Recipients are paged forwards: use first and after.', { field: 'before' });
            const first = args.first ?? 50;
            if (first < 0 || first > MAX_PAGE) throw new DomainError('validation_failed', `first is 0 to ${MAX_PAGE}.`, { field: 'first' });
            const after = args.after ? nOfCursor(args.after) : undefined;
            const pageInfo = (hasNextPage: boolean, edges: { cursor: string }[]) => ({
              hasNextPage,
              hasPreviousPage: after !== undefined && after > 0,
              startCursor: edges[0]?.cursor ?? null,
              endCursor: edges[edges.length - 1]?.cursor ?? null,
            });
            if (!c.launch || first === 0) return { edges: [], pageInfo: pageInfo(false, []) };
            const query = parseWith(recipients.ZListRecipientsQuery, {
              limit: first,
              ...(after !== undefined ? { after } : {}),
              ...(args.filter?.status ? { status: args.filter.status } : {}),
              ...(args.filter?.search ? { search: args.filter.search } : {}),
            });
            const page = await recipients.listRecipients(context.ctx, context.actor, c.id, query);
            const edges = page.recipients.map((r) => ({ cursor: nCursor(r.n), node: r }));
            return { edges, pageInfo: pageInfo(page.next_after !== null, edges) };
          }),
      },
      { name: 'CampaignRecipientConnection' },
      { name: 'CampaignRecipientEdge' },
    ),
  }),
});

builder.queryField('campaigns', (t) =>
  t.connection(
    {
      type: Campaign,
      nullable: true,
      args: { status: t.arg({ type: CampaignStatus }) },
      resolve: (_r, args, context) =>
        guarded(context, drafts.readAccess, () =>
          idConnection(args, (walk) => drafts.findCampaigns(context.ctx, context.actor, args.status ? { status: args.status } : {}, walk)),
        ),
    },
    { name: 'CampaignConnection' },
    { name: 'CampaignEdge' },
  ),
);

builder.queryField('campaign', (t) =>
  t.field({
    type: Campaign,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, context) =>
      guarded(context, drafts.readAccess, async () => {
        const id = parseWith(ZId, String(args.id), 'id');
        return (await drafts.getCampaign(context.ctx, context.actor, id)).campaign;
      }),
  }),
);

// A message's campaign, read for a whole page of messages at once; it needs what reading campaigns needs.
builder.objectField(Message, 'campaign', (t) =>
  t.field({
    type: Campaign,
    nullable: true,
    resolve: (m, _a, context) => (m.campaign_id ? guarded(context, drafts.readAccess, () => loaders(context).campaigns.load(m.campaign_id!)) : null),
  }),
);
