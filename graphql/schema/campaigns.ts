// campaigns and campaign: campaigns with their quote and launch, read by the same use cases as REST.
import { builder } from '../builder.ts';
import { guarded } from '../guard.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/app/paging.ts';
import * as drafts from '../../core/app/campaigns/drafts.ts';

type CampaignPage = Awaited<ReturnType<typeof drafts.listCampaigns>>;
type CampaignView = CampaignPage['campaigns'][number];
type QuoteView = NonNullable<CampaignView['quote']>;
type LaunchView = NonNullable<CampaignView['launch']>;

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

const Campaign = builder.objectRef<CampaignView>('Campaign').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
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
  }),
});

const CampaignConnection = builder.objectRef<CampaignPage>('CampaignPage').implement({
  fields: (t) => ({
    campaigns: t.field({ type: [Campaign], resolve: (p) => p.campaigns }),
    nextBefore: t.exposeString('next_before', { nullable: true }),
  }),
});

builder.queryField('campaigns', (t) =>
  t.field({
    type: CampaignConnection,
    nullable: true,
    args: { before: t.arg.string(), limit: t.arg.int() },
    resolve: (_r, args, context) =>
      guarded(context, drafts.readAccess, async () => {
        const query = parseWith(drafts.ZListCampaignsQuery, { before: args.before ?? undefined, limit: args.limit ?? undefined });
        return drafts.listCampaigns(context.ctx, context.actor, query);
      }),
  }),
);

builder.queryField('campaign', (t) =>
  t.field({
    type: Campaign,
    nullable: true,
    args: { id: t.arg.string({ required: true }) },
    resolve: (_r, args, context) =>
      guarded(context, drafts.readAccess, async () => {
        const id = parseWith(ZId, args.id, 'id');
        return (await drafts.getCampaign(context.ctx, context.actor, id)).campaign;
      }),
  }),
);
