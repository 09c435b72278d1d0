// Campaign, with the campaigns and campaign queries and a message's campaign: campaigns with their quote, launch,
// recipient counts and recipients, read by the same use cases as REST (numbers masked and number search refused
// without contacts.read; test keys see none).
import { builder, type GqlContext } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
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
  description: 'One text sent to the contacts of some groups: a draft, quoted (audience frozen and priced), launched (the total held), then sent one message a recipient.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The campaign’s id (a UUID).' }),
    name: t.exposeString('name', { description: 'The name members gave it, 1 to 100 characters; recipients never see it.' }),
    status: t.field({ type: CampaignStatus, description: 'Where the campaign stands now.', resolve: (c) => c.status as (typeof CAMPAIGN_STATUSES)[number] }),
    trafficClass: t.exposeString('traffic_class', { description: 'transactional or promotional (consent checked, sent only inside the sending window).' }),
    senderId: t.exposeString('sender_id', { description: 'The sender ID its messages come from.' }),
    encoding: t.exposeString('encoding', { description: 'How its text is encoded: gsm7, ucs2 or ascii (see Message.encoding).' }),
    segments: t.exposeInt('segments', { description: 'SMS parts of its text, 1 to 10: each recipient costs this many times the unit price.' }),
    groupIds: t.exposeStringList('group_ids', { description: 'The contact groups it goes to (at most 50); a number in several groups gets one message.' }),
    version: t.exposeInt('version', { description: 'From 1, up by one at each edit of the draft; a quote names the version it priced.' }),
    createdVia: t.exposeString('created_via', { description: 'dashboard (a member made it) or api (a key did).' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the draft was made (UTC).', resolve: (c) => c.created_at ?? '' }),
    updatedAt: t.field({ type: 'DateTime', description: 'Its last change (UTC): an edit, a launch, progress or a cancel.', resolve: (c) => c.updated_at ?? '' }),
    quote: t.field({
      type: CampaignQuote,
      nullable: true,
      description: 'Its latest quote (for a launched campaign, the one it was launched with); null: not quoted since its last edit.',
      resolve: (c) => c.quote,
    }),
    launch: t.field({ type: CampaignLaunch, nullable: true, description: 'How it was launched and how far it got; null for a draft or a discarded one.', resolve: (c) => c.launch }),
    // The counts of every campaign of the answer in one statement.
    recipientCounts: t.loadable({
      type: RecipientCounts,
      description: 'How many of its recipients stand in each status now (all 0 before the launch).',
      load: async (quoteIds: string[], context: GqlContext) => {
        const counts = await recipients.recipientCounts(context.ctx, context.actor, quoteIds.filter((q) => q !== NOT_LAUNCHED));
        return quoteIds.map((q) => counts.get(q) ?? recipients.noRecipients());
      },
      resolve: (c) => c.launch?.quote_id ?? NOT_LAUNCHED,
    }),
    recipients: t.connection(
      {
        type: CampaignRecipient,
        args: { filter: t.arg({ type: RecipientFilter, description: 'Only the recipients that match every field given.' }) },
        description: `The recipients in audience order (by n), forwards only (first, after). A campaign not yet launched has none. ${whoMayRead(recipients.access)}`,
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
      { name: 'CampaignRecipientConnection', description: 'A page of a campaign’s recipients, in audience order.' },
      { name: 'CampaignRecipientEdge', description: 'A recipient and its place in the audience.' },
    ),
  }),
});

builder.queryField('campaigns', (t) =>
  t.connection(
    {
      type: Campaign,
      nullable: true,
      description: `The organization’s campaigns, newest first. Campaigns are live traffic: a test key sees none. ${whoMayRead(drafts.readAccess)}`,
      args: { status: t.arg({ type: CampaignStatus, description: 'Only the campaigns in this status.' }) },
      authScopes: readsCampaigns,
      resolve: (_r, args, context) =>
        idConnection(args, (walk) => drafts.findCampaigns(context.ctx, context.actor, args.status ? { status: args.status } : {}, walk)),
    },
    { name: 'CampaignConnection', description: 'A page of campaigns, newest first.' },
    { name: 'CampaignEdge', description: 'A campaign and its place in the list.' },
  ),
);

builder.queryField('campaign', (t) =>
  t.field({
    type: Campaign,
    nullable: true,
    description: `One campaign; an unknown id, or another organization’s, is not_found. ${whoMayRead(drafts.readAccess)}`,
    args: { id: t.arg.id({ required: true, description: 'The campaign’s id (a UUID).' }) },
    authScopes: readsCampaigns,
    resolve: async (_r, args, context) => (await drafts.getCampaign(context.ctx, context.actor, parseWith(ZId, String(args.id), 'id'))).campaign,
  }),
);

// A message's campaign needs what reading campaigns needs; a message of no campaign has none to refuse.
builder.objectField(Message, 'campaign', (t) =>
  t.field({
    type: Campaign,
    nullable: true,
    description: `The campaign the message belongs to; null for a single message. For a campaign message: ${whoMayRead(drafts.readAccess)}`,
    authScopes: (m) => (m.campaign_id ? readsCampaigns : true),
    resolve: (m) => m.campaign_id,
  }),
);
