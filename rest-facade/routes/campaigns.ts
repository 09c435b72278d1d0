// Campaigns: drafts, quotes, launch and cancel.
import { z } from 'zod';
import { ok, okOrReplay, route } from '../route.ts';
import * as drafts from '../../core/app/campaigns/drafts.ts';
import * as quote from '../../core/app/campaigns/quote.ts';
import * as launch from '../../core/app/campaigns/launch.ts';
import * as cancel from '../../core/app/campaigns/cancel.ts';
import * as copy from '../../core/app/campaigns/copy.ts';
import { ZEmptyBody, ZIdParam } from './common.ts';
import { ZCreateDraftBody, ZEditDraftBody, ZLaunchBody, ZListCampaignsQuery, ZQuoteBody } from '../../core/inputs/campaigns.ts';

const tag = 'campaigns';

export const campaignRoutes = [
  route({ method: 'get', path: '/v1/campaigns', operationId: 'listCampaigns', summary: 'List campaigns, newest first', tag, access: drafts.readAccess, query: ZListCampaignsQuery, handler: async ({ ctx, actor, query }) => ok(await drafts.listCampaigns(ctx, actor, query)) }),
  route({ method: 'post', path: '/v1/campaigns', operationId: 'createCampaignDraft', summary: 'Create a campaign draft (201; a replay answers 200)', tag, access: drafts.writeAccess, body: ZCreateDraftBody, idempotency: 'required', status: 201, replayStatus: 200, handler: async ({ ctx, actor, body }) => ok(await drafts.createDraft(ctx, actor, body)) }),
  route({ method: 'get', path: '/v1/campaigns/:id', operationId: 'getCampaign', summary: 'Get a campaign with its quote and launch', tag, access: drafts.readAccess, params: ZIdParam, query: z.strictObject({}), handler: async ({ ctx, actor, params }) => ok(await drafts.getCampaign(ctx, actor, params.id)) }),
  route({ method: 'patch', path: '/v1/campaigns/:id', operationId: 'editCampaignDraft', summary: 'Edit a draft: the version grows, the quote and audience are dropped', tag, access: drafts.writeAccess, params: ZIdParam, body: ZEditDraftBody, handler: async ({ ctx, actor, params, body }) => ok(await drafts.editDraft(ctx, actor, params.id, body)) }),
  route({ method: 'post', path: '/v1/campaigns/:id/discard', operationId: 'discardCampaignDraft', summary: 'Discard a draft (the record is kept, the audience deleted)', tag, access: drafts.writeAccess, params: ZIdParam, body: ZEmptyBody, handler: async ({ ctx, actor, params }) => okOrReplay(await drafts.discardDraft(ctx, actor, params.id)) }),
  route({ method: 'post', path: '/v1/campaigns/:id/quote', operationId: 'quoteCampaign', summary: 'Freeze and price the audience of a draft (201; a replay answers 200 with the quote as it stands)', tag, access: drafts.writeAccess, params: ZIdParam, body: ZQuoteBody, idempotency: 'required', ownsIdempotency: true, status: 201, replayStatus: 200, handler: async ({ ctx, actor, params, body, idempotency }) => okOrReplay(await quote.quoteCampaign(ctx, actor, params.id, body, idempotency!)) }),
  route({ method: 'post', path: '/v1/campaigns/:id/launch', operationId: 'launchCampaign', summary: 'Launch a quoted draft: the quote total is held in one reservation', tag, access: launch.access, params: ZIdParam, body: ZLaunchBody, idempotency: 'required', handler: async ({ ctx, actor, params, body }) => ok(await launch.launchCampaign(ctx, actor, params.id, body)) }),
  route({ method: 'post', path: '/v1/campaigns/:id/cancel', operationId: 'cancelCampaign', summary: 'Cancel a scheduled or sending campaign', tag, access: cancel.access, params: ZIdParam, body: ZEmptyBody, handler: async ({ ctx, actor, params }) => okOrReplay(await cancel.cancelCampaign(ctx, actor, params.id)) }),
  route({ method: 'post', path: '/v1/campaigns/:id/copy', operationId: 'copyCampaign', summary: 'Copy a campaign of any status as a new draft named "<name> (copy)"; groups deleted since are left out and listed (201; a replay answers 200)', tag, access: copy.access, params: ZIdParam, body: copy.ZCopyCampaignBody, idempotency: 'required', status: 201, replayStatus: 200, extension: true, handler: async ({ ctx, actor, params, body }) => ok(await copy.copyCampaign(ctx, actor, params.id, body)) }),
];
