// Messages: send one, list, export as CSV, get with attempts and receipts.
import { z } from 'zod';
import { ok, route } from '../route.ts';
import * as send from '../../core/app/messages/send-message.ts';
import * as list from '../../core/app/messages/list-messages.ts';
import * as exporting from '../../core/app/messages/export-messages.ts';
import { ZMessageExportQuery } from '../../core/inputs/messages.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { csvDownload } from '../csv-download.ts';
import { ZIdParam } from './common.ts';
import { ZListMessagesQuery, ZSendMessageBody } from '../../core/inputs/messages.ts';

export const messageRoutes = [
  route({
    method: 'post',
    path: '/v1/messages',
    operationId: 'sendMessage',
    summary: 'Send one message: validated, priced and held in one step (202)',
    tag: 'messages',
    access: send.access,
    body: ZSendMessageBody,
    idempotency: 'required',
    ownsIdempotency: true,
    status: 202,
    handler: async ({ ctx, actor, body, idempotency }) => {
      const { message, replay } = await send.sendMessage(ctx, actor, body, idempotency!);
      return { data: message, replay };
    },
  }),
  route({
    method: 'get',
    path: '/v1/messages',
    operationId: 'listMessages',
    summary: 'List messages, newest first',
    tag: 'messages',
    access: list.access,
    query: ZListMessagesQuery,
    handler: async ({ ctx, actor, query }) => ok(await list.listMessages(ctx, actor, query)),
  }),
  route({
    method: 'get',
    path: REST_PATHS.exportMessages,
    operationId: 'exportMessages',
    summary: 'Export the messages created in a range of days (Africa/Dar_es_Salaam) as CSV, newest first (at most 366 days and 500,000 rows)',
    tag: 'messages',
    access: exporting.access,
    query: ZMessageExportQuery,
    produces: 'text/csv',
    handler: ({ ctx, actor, query, req, res }) => csvDownload(req, res, () => exporting.openMessageExport(ctx, actor, query)),
  }),
  route({
    method: 'get',
    path: '/v1/messages/:id',
    operationId: 'getMessage',
    summary: 'Get a message with its attempts and receipts',
    tag: 'messages',
    access: list.access,
    params: ZIdParam,
    query: z.strictObject({}),
    handler: async ({ ctx, actor, params }) => ok(await list.getMessage(ctx, actor, params.id)),
  }),
];
