// Inbound messages (scope messages:read) and an organization's keywords (signed-in members).
import { z } from 'zod';
import { ok, route } from '../route.ts';
import * as list from '../../core/app/inbound/list-inbound.ts';
import * as keywords from '../../core/app/inbound/keyword-settings.ts';
import { ZKeywordSettingsBody, ZListInboundQuery } from '../../core/inputs/inbound.ts';
import { ZIdParam } from './common.ts';

const tag = 'inbound-messages';

export const inboundRoutes = [
  route({
    method: 'get',
    path: '/v1/inbound-messages',
    operationId: 'listInboundMessages',
    summary: 'List the messages sent to the organization’s numbers, newest first, by sender (from), number (to) and time (since, until)',
    tag,
    access: list.access,
    query: ZListInboundQuery,
    handler: async ({ ctx, actor, query }) => ok(await list.listInbound(ctx, actor, query)),
  }),
  route({
    method: 'get',
    path: '/v1/inbound-messages/:id',
    operationId: 'getInboundMessage',
    summary: 'Get an inbound message',
    tag,
    access: list.access,
    params: ZIdParam,
    query: z.strictObject({}),
    handler: async ({ ctx, actor, params }) => ok(await list.getInbound(ctx, actor, params.id)),
  }),
  route({
    method: 'get',
    path: '/v1/keywords',
    operationId: 'getKeywords',
    summary: 'The opt-out and opt-in words of inbound messages and the confirmation each answers with',
    tag,
    access: keywords.readAccess,
    query: z.strictObject({}),
    handler: async ({ ctx, actor }) => ok(await keywords.getKeywordSettings(ctx, actor)),
  }),
  route({
    method: 'patch',
    path: '/v1/keywords',
    operationId: 'setKeywords',
    summary: 'Set the opt-out and opt-in words and their confirmations (an empty confirmation sends none)',
    tag,
    access: keywords.access,
    body: ZKeywordSettingsBody,
    handler: async ({ ctx, actor, body }) => ok(await keywords.setKeywordSettings(ctx, actor, body)),
  }),
];
