// Message, with the messages and message queries: the caller's messages with filters, their attempts and receipts,
// read by the same use case as REST (keys see their own mode; campaign numbers masked unless the member may read
// contacts).
import { dataloaderGetter } from '@pothos/plugin-dataloader';
import { builder, type GqlContext } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import { given, namedAs } from '../arguments.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/inputs/common.ts';
import type { MESSAGE_STATUSES } from '../../core/domain/message-states.ts';
import * as list from '../../core/app/messages/list-messages.ts';
import { listedMessageView, messageDetails, type MessageDetail } from '../../core/app/messages/message-view.ts';
import { DomainError } from '../../core/domain/errors.ts';
import { MessageStatus } from './message-status.ts';
import { TrafficClass } from './traffic-class.ts';
import { MessagePrice } from './message-price.ts';
import { MessageAttempt } from './message-attempt.ts';
import { DeliveryReceipt } from './delivery-receipt.ts';
import { FailureExplanation } from './failure-explanation.ts';
import { MessageFilter, MESSAGE_FILTER_FIELDS } from './message-filter.ts';
import { ZMessageFilter } from '../../core/inputs/messages.ts';

export type MessageView = ReturnType<typeof listedMessageView>;

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
  description: 'One SMS to one number: sent alone (POST /v1/messages) or as one recipient of a campaign.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The message’s id (a UUID), as REST and webhooks give it.' }),
    status: t.field({ type: MessageStatus, description: 'Where the message stands now.', resolve: (m) => m.status as (typeof MESSAGE_STATUSES)[number] }),
    to: t.exposeString('to', {
      description: 'The recipient’s number in +255 form. A campaign message’s number is masked (+255754****56) unless the caller is a member with contacts.read; keys always see it masked.',
    }),
    from: t.exposeString('from', { description: 'The sender ID the recipient sees, 1 to 11 characters.' }),
    body: t.exposeString('body', { description: 'The text as sent (Unicode NFC).' }),
    trafficClass: t.field({ type: TrafficClass, description: 'Transactional or promotional.', resolve: (m) => m.traffic_class as typeof TrafficClass.$inferType }),
    clientRef: t.exposeString('client_ref', { description: 'The sender’s own reference (1 to 128 characters), echoed in webhooks; a campaign message’s is the campaign’s id, a slash and the recipient’s position n.' }),
    encoding: t.exposeString('encoding', {
      description: 'How the text is encoded: gsm7 (160 characters in one segment, 153 a part), ucs2 (any character; 70, then 67 a part) or ascii (on the ascii route).',
    }),
    segments: t.exposeInt('segments', { description: 'How many SMS parts the text takes, 1 to 10; the price is per segment.' }),
    price: t.field({ type: MessagePrice, description: 'What the message costs and whether it was charged.', resolve: (m) => m.price }),
    test: t.exposeBoolean('test', { description: 'A test-mode message: it never reached an operator and was never charged.' }),
    failureReason: t.exposeString('failure_reason', {
      nullable: true,
      description: 'Why the message did not get through, as the operator or the service reported it; null when there is nothing to report.',
    }),
    failureExplanation: t.field({
      type: FailureExplanation,
      nullable: true,
      description: 'The failure reason in plain words, in English and Kiswahili; null when the message has none.',
      resolve: (m) => m.failure_explanation,
    }),
    campaignId: t.exposeID('campaign_id', { nullable: true, description: 'The campaign it belongs to; null for a single message.' }),
    heldUntil: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'A promotional message accepted while the sending window was closed waits until then (UTC); null when it did not wait.',
      resolve: (m) => m.held_until,
    }),
    sendAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The time it was sent for (send_at, UTC): it is not dispatched before then; null when it was sent to go at once.',
      resolve: (m) => m.send_at,
    }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'Not sent by then, it expires and its hold is released (UTC): its ttl after acceptance, or after its send_at when it was sent for later (72 hours when none was given), or its campaign’s validity; null when it has none.',
      resolve: (m) => m.expires_at,
    }),
    createdAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was created (UTC); reports count it on that day in EAT.', resolve: (m) => m.created_at }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, description: 'Its last change of status (UTC).', resolve: (m) => m.updated_at }),
    finalAt: t.field({ type: 'DateTime', nullable: true, description: 'When it reached a final status (UTC); null while it has none.', resolve: (m) => m.final_at }),
    bind: t.exposeString('bind', {
      nullable: true,
      description: 'The SMSC bind that took it last (each operator has its own, such as vodacom-1); null until one took it. Each attempt names the bind that carried it.',
    }),
    attempts: t.field({
      type: [MessageAttempt],
      description: 'Each time the service handed the message to an operator, first to last; empty while it waits to be sent (a test message gets one at once, reaching no operator).',
      resolve: async (m, _a, context) => (await detailsOf(context).load(m.id)).attempts,
    }),
    receipts: t.field({
      type: [DeliveryReceipt],
      description: 'The operator’s delivery receipts, in the order they came: one a part for a long message, and repeats.',
      resolve: async (m, _a, context) => (await detailsOf(context).load(m.id)).receipts,
    }),
  }),
});

builder.queryField('messages', (t) =>
  t.connection({
    type: Message,
    nullable: true,
    description: `The organization’s messages, single and campaign ones together, newest first. A key sees its own mode (test or live) only; a member sees both unless filter.test says. ${whoMayRead(list.access)}`,
    args: { filter: t.arg({ type: MessageFilter, description: 'Only the messages that match every field given.' }) },
    authScopes: readsMessages,
    resolve: (_r, args, context) =>
      namedAs(MESSAGE_FILTER_FIELDS, async () => {
        const f = args.filter ?? {};
        if (f.campaignId && f.campaign) throw new DomainError('validation_failed', 'Give campaignId or campaign, not both.', { field: 'filter.campaign' });
        const filter = parseWith(
          ZMessageFilter,
          given({ status: f.status, traffic_class: f.trafficClass, campaign: f.campaignId ?? f.campaign, sender: f.sender, created_from: f.createdFrom, created_to: f.createdTo, test: f.test, recipient: f.recipient }),
        );
        return idConnection(args, async (walk) => (await list.findMessages(context.ctx, context.actor, filter, walk)).map((row) => listedMessageView(row, context.actor)));
      }),
  }, { name: 'MessageConnection', description: 'A page of messages, newest first.' }, { name: 'MessageEdge', description: 'A message and its place in the list.' }),
);

builder.queryField('message', (t) =>
  t.field({
    type: Message,
    nullable: true,
    description: `One message with its attempts and receipts; an unknown id, or another organization’s, is not_found. ${whoMayRead(list.access)}`,
    args: { id: t.arg.id({ required: true, description: 'The message’s id (a UUID).' }) },
    authScopes: readsMessages,
    resolve: (_r, args, context) => list.getMessage(context.ctx, context.actor, parseWith(ZId, String(args.id), 'id')),
  }),
);
