// Messages: send one, list, export as CSV, get with attempts and receipts.
import { z } from 'zod';
import { ok, route } from '../route.ts';
import * as send from '../../core/app/messages/send-message.ts';
import * as list from '../../core/app/messages/list-messages.ts';
import * as exporting from '../../core/app/messages/export-messages.ts';
import * as cancel from '../../core/app/messages/cancel-message.ts';
import { ZMessageExportQuery } from '../../core/inputs/messages.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { csvDownload } from '../csv-download.ts';
import { ZEmptyBody, ZIdParam } from './common.ts';
import { ZListMessagesQuery, ZSendMessageBody } from '../../core/inputs/messages.ts';

export const messageRoutes = [
  route({
    method: 'post',
    path: '/v1/messages',
    operationId: 'sendMessage',
    summary: 'Send one message: validated, priced and held in one step (202); with send_at, sent later',
    tag: 'messages',
    access: send.access,
    body: ZSendMessageBody,
    refusals: [
      'sender_not_authorized', 'organization_not_verified', 'wallet_frozen', 'test_mode_not_allowed', 'no_price_plan', 'idempotency_conflict', 'insufficient_funds',
      'too_many_segments', 'encoding_not_supported', 'consent_required', 'recipient_opted_out', 'validation_failed', 'sender_not_ready', 'schedule_out_of_range', 'rate_limited',
    ],
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
  route({
    method: 'post',
    path: '/v1/messages/:id/cancel',
    operationId: 'cancelMessage',
    summary:
      'Cancel a single message not yet dispatched (sent for later, or still queued): cancelled, its hold released. Cancelling it again answers it with X-Idempotent-Replay: true. A message already with the network, final, or of a campaign (cancel the campaign) is 409 message_not_cancellable',
    tag: 'messages',
    access: cancel.access,
    params: ZIdParam,
    body: ZEmptyBody,
    refusals: ['not_found', 'message_not_cancellable'],
    extension: true,
    handler: async ({ ctx, actor, params }) => {
      const { message, replay } = await cancel.cancelMessage(ctx, actor, params.id);
      return { data: message, replay };
    },
  }),
];
