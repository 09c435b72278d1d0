// Campaign, with the campaigns and campaign queries and a message's campaign: campaigns with their quote, launch,
// recipient counts and recipients, read by the same use cases as REST (numbers masked and number search refused
// without contacts.read; test keys see none).
import { builder, type GqlContext } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import { forwardConnection, idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/inputs/common.ts';
import type { CAMPAIGN_STATUSES } from '../../core/domain/campaign-states.ts';
import * as drafts from '../../core/app/campaigns/drafts.ts';
import * as recipients from '../../core/app/campaigns/recipients.ts';
import { Message } from './message.ts';
import { CampaignStatus } from './campaign-status.ts';
import { CampaignQuote } from './campaign-quote.ts';
import { CampaignLaunch } from './campaign-launch.ts';
import { RecipientCounts } from './recipient-counts.ts';
import { CampaignRecipient } from './campaign-recipient.ts';
import { RecipientFilter } from './recipient-filter.ts';
import { ZListRecipientsQuery } from '../../core/inputs/campaigns.ts';

export type CampaignView = Awaited<ReturnType<typeof drafts.findCampaigns>>[number];

const readsCampaigns = allowedBy(drafts.readAccess);

/** The launch of a campaign not launched: its counts are all 0, read from no table. */
const NOT_LAUNCHED = '';

// A field that gives a campaign's id has it read with the others of the answer (a page of messages' campaigns in one
// read); one that gives the campaign itself is used as it is. Another organization's campaign is not found: null.
export const Campaign = builder.loadableObjectRef('Campaign', {
  load: async (ids: string[], context: GqlContext) => [...(await drafts.findCampaignsByIds(context.ctx, context.actor, ids)).values()],
  sort: (campaign: CampaignView) => campaign.id,
});

Campaign.implement({
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
    quote: t.field({ type: CampaignQuote, nullable: true, resolve: (c) => c.quote }),
    launch: t.field({ type: CampaignLaunch, nullable: true, resolve: (c) => c.launch }),
    // The counts of every campaign of the answer in one statement.
    recipientCounts: t.loadable({
      type: RecipientCounts,
      load: async (quoteIds: string[], context: GqlContext) => {
        const counts = await recipients.recipientCounts(context.ctx, context.actor, quoteIds.filter((q) => q !== NOT_LAUNCHED));
        return quoteIds.map((q) => counts.get(q) ?? recipients.noRecipients());
      },
      resolve: (c) => c.launch?.quote_id ?? NOT_LAUNCHED,
    }),
    recipients: t.connection(
      {
        type: CampaignRecipient,
        args: { filter: t.arg({ type: RecipientFilter }) },
        description: 'The recipients in audience order, forwards only (first, after). A campaign not yet launched has none.',
        authScopes: allowedBy(recipients.access),
        resolve: (c, args, context) =>
          forwardConnection(args, 'Recipients', async ({ after, limit }) => {
            if (!c.launch) return [];
            const query = parseWith(ZListRecipientsQuery, {
              limit,
              ...(after !== undefined ? { after } : {}),
              ...(args.filter?.status ? { status: args.filter.status } : {}),
              ...(args.filter?.search ? { search: args.filter.search } : {}),
            });
            return (await recipients.listRecipients(context.ctx, context.actor, c.id, query)).recipients;
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
      authScopes: readsCampaigns,
      resolve: (_r, args, context) =>
        idConnection(args, (walk) => drafts.findCampaigns(context.ctx, context.actor, args.status ? { status: args.status } : {}, walk)),
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
    authScopes: readsCampaigns,
    resolve: async (_r, args, context) => (await drafts.getCampaign(context.ctx, context.actor, parseWith(ZId, String(args.id), 'id'))).campaign,
  }),
);

// A message's campaign needs what reading campaigns needs; a message of no campaign has none to refuse.
builder.objectField(Message, 'campaign', (t) =>
  t.field({ type: Campaign, nullable: true, authScopes: (m) => (m.campaign_id ? readsCampaigns : true), resolve: (m) => m.campaign_id }),
);
