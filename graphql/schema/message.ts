// Message, with the messages and message queries: the caller's messages with filters, their attempts and receipts,
// read by the same use case as REST (keys see their own mode; campaign numbers masked unless the member may read
// contacts).
import { dataloaderGetter } from '@pothos/plugin-dataloader';
import { builder, type GqlContext } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import { given, namedAs } from '../arguments.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/inputs/common.ts';
import type { MESSAGE_STATUSES } from '../../core/domain/message-states.ts';
import * as list from '../../core/app/messages/list-messages.ts';
import { messageDetails, messageView, type MessageDetail } from '../../core/app/messages/message-view.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { MessageStatus } from './message-status.ts';
import { TrafficClass } from './traffic-class.ts';
import { MessagePrice } from './message-price.ts';
import { MessageAttempt } from './message-attempt.ts';
import { DeliveryReceipt } from './delivery-receipt.ts';
import { FailureExplanation } from './failure-explanation.ts';
import { MessageFilter, MESSAGE_FILTER_FIELDS } from './message-filter.ts';
import { ZMessageFilter } from '../../core/inputs/messages.ts';

export type MessageView = ReturnType<typeof messageView>;

const readsMessages = allowedBy(list.access);

// The attempts and the receipts of every message of the answer, read together (one statement each): the two fields
// share the plugin's per-request loader.
const detailsOf = dataloaderGetter<string, MessageDetail, string>(
  undefined,
  async (ids, context) => {
    const { ctx, actor } = context as GqlContext;
    const details = await messageDetails(ctx, actor.organizationId, ids);
    return ids.map((id) => details.get(id)!);
  },
  undefined,
  undefined,
);

export const Message = builder.objectRef<MessageView>('Message').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: MessageStatus, resolve: (m) => m.status as (typeof MESSAGE_STATUSES)[number] }),
    to: t.exposeString('to'),
    from: t.exposeString('from'),
    body: t.exposeString('body'),
    trafficClass: t.field({ type: TrafficClass, resolve: (m) => m.traffic_class as typeof TrafficClass.$inferType }),
    clientRef: t.exposeString('client_ref'),
    encoding: t.exposeString('encoding'),
    segments: t.exposeInt('segments'),
    price: t.field({ type: MessagePrice, resolve: (m) => m.price }),
    test: t.exposeBoolean('test'),
    failureReason: t.exposeString('failure_reason', { nullable: true }),
    failureExplanation: t.field({
      type: FailureExplanation,
      nullable: true,
      description: 'The failure reason in plain words, in English and Kiswahili; null when the message has none.',
      resolve: (m) => m.failure_explanation,
    }),
    campaignId: t.exposeID('campaign_id', { nullable: true }),
    heldUntil: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.held_until }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.expires_at }),
    createdAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.created_at }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.updated_at }),
    finalAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.final_at }),
    attempts: t.field({ type: [MessageAttempt], resolve: async (m, _a, context) => (await detailsOf(context).load(m.id)).attempts }),
    receipts: t.field({ type: [DeliveryReceipt], resolve: async (m, _a, context) => (await detailsOf(context).load(m.id)).receipts }),
  }),
});

builder.queryField('messages', (t) =>
  t.connection({
    type: Message,
    nullable: true,
    args: { filter: t.arg({ type: MessageFilter }) },
    authScopes: readsMessages,
    resolve: (_r, args, context) =>
      namedAs(MESSAGE_FILTER_FIELDS, async () => {
        const f = args.filter ?? {};
        if (f.campaignId && f.campaign) throw new DomainError('validation_failed', 'Give campaignId or campaign, not both.', { field: 'filter.campaign' });
        const filter = parseWith(
          ZMessageFilter,
          given({ status: f.status, traffic_class: f.trafficClass, campaign: f.campaignId ?? f.campaign, sender: f.sender, created_from: f.createdFrom, created_to: f.createdTo, test: f.test, recipient: f.recipient }),
        );
        return idConnection(args, async (walk) => (await list.findMessages(context.ctx, context.actor, filter, walk)).map((row) => messageView(row, context.actor)));
      }),
  }, { name: 'MessageConnection' }, { name: 'MessageEdge' }),
);

builder.queryField('message', (t) =>
  t.field({
    type: Message,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    authScopes: readsMessages,
    resolve: (_r, args, context) => list.getMessage(context.ctx, context.actor, parseWith(ZId, String(args.id), 'id')),
  }),
);
