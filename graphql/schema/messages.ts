// messages and message: the caller's messages with filters, their attempts and receipts, read by the same use case
// as REST (keys see their own mode; campaign numbers masked unless the member may read contacts).
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { guarded, namedAs } from '../guard.ts';
import { idConnection } from '../connections.ts';
import { loaders } from '../loaders.ts';
import { parseWith } from '../../core/app/validation.ts';
import { ZId } from '../../core/app/paging.ts';
import { MESSAGE_STATUSES } from '../../core/domain/message-states.ts';
import * as list from '../../core/app/messages/list-messages.ts';
import { messageView } from '../../core/app/messages/message-view.ts';
import { DomainError } from '../../core/domain/errors.ts';

type MessageView = ReturnType<typeof messageView>;

export const MessageStatus = builder.enumType('MessageStatus', { values: upperCaseValues(MESSAGE_STATUSES) });
export const TrafficClass = builder.enumType('TrafficClass', { values: upperCaseValues(['transactional', 'promotional'] as const) });
const CampaignPresence = builder.enumType('CampaignPresence', {
  description: 'NONE: single messages only, outside any campaign.',
  values: { NONE: { value: 'none' } },
});

const MessagePrice = builder.objectRef<MessageView['price']>('MessagePrice').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    unitAmount: t.field({ type: 'Cents', resolve: (p) => p.unit_amount }),
    total: t.field({ type: 'Cents', resolve: (p) => p.total }),
    charged: t.exposeBoolean('charged'),
  }),
});

type Details = Awaited<ReturnType<ReturnType<typeof loaders>['messageDetails']['load']>>;

const MessageAttempt = builder.objectRef<Details['attempts'][number]>('MessageAttempt').implement({
  fields: (t) => ({
    number: t.exposeInt('number'),
    state: t.exposeString('state'),
    detail: t.exposeString('detail', { nullable: true }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.started_at }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.finished_at }),
  }),
});

const DeliveryReceipt = builder.objectRef<Details['receipts'][number]>('DeliveryReceipt').implement({
  fields: (t) => ({
    delivery: t.exposeString('delivery'),
    rawStatus: t.exposeString('raw_status'),
    failureReason: t.exposeString('failure_reason', { nullable: true }),
    effect: t.exposeString('effect'),
    receivedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.received_at }),
  }),
});

export const Message = builder.objectRef<MessageView>('Message').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: MessageStatus, resolve: (m) => m.status as (typeof MESSAGE_STATUSES)[number] }),
    to: t.exposeString('to'),
    from: t.exposeString('from'),
    body: t.exposeString('body'),
    trafficClass: t.field({ type: TrafficClass, resolve: (m) => m.traffic_class as 'transactional' | 'promotional' }),
    clientRef: t.exposeString('client_ref'),
    encoding: t.exposeString('encoding'),
    segments: t.exposeInt('segments'),
    price: t.field({ type: MessagePrice, resolve: (m) => m.price }),
    test: t.exposeBoolean('test'),
    failureReason: t.exposeString('failure_reason', { nullable: true }),
    campaignId: t.exposeID('campaign_id', { nullable: true }),
    heldUntil: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.held_until }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.expires_at }),
    createdAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.created_at }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.updated_at }),
    finalAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.final_at }),
    attempts: t.field({ type: [MessageAttempt], resolve: async (m, _a, context) => (await loaders(context).messageDetails.load(m.id)).attempts }),
    receipts: t.field({ type: [DeliveryReceipt], resolve: async (m, _a, context) => (await loaders(context).messageDetails.load(m.id)).receipts }),
  }),
});

const MessageFilter = builder.inputType('MessageFilter', {
  fields: (t) => ({
    status: t.field({ type: [MessageStatus], description: 'Any of these statuses.' }),
    trafficClass: t.field({ type: TrafficClass }),
    campaignId: t.id(),
    campaign: t.field({ type: CampaignPresence }),
    sender: t.string(),
    createdFrom: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    createdTo: t.field({ type: 'DateTime', description: 'Created before.' }),
    test: t.boolean({ description: 'Test-mode messages (true) or live ones (false); a key sees its own mode only.' }),
  }),
});

/** The use case's names of the filter's fields, as the caller wrote them. */
const FILTER_FIELDS: Record<string, string> = {
  status: 'filter.status',
  traffic_class: 'filter.trafficClass',
  campaign: 'filter.campaignId',
  sender: 'filter.sender',
  created_from: 'filter.createdFrom',
  created_to: 'filter.createdTo',
  test: 'filter.test',
};

builder.queryField('messages', (t) =>
  t.connection({
    type: Message,
    nullable: true,
    args: { filter: t.arg({ type: MessageFilter }) },
    resolve: (_r, args, context) =>
      guarded(context, list.access, () => namedAs(FILTER_FIELDS, async () => {
        const f = args.filter ?? {};
        if (f.campaignId && f.campaign) throw new DomainError('validation_failed', 'Give campaignId or campaign, not both.', { field: 'filter.campaign' });
        const given = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== null && v !== undefined));
        const filter = parseWith(
          list.ZMessageFilter,
          given({ status: f.status, traffic_class: f.trafficClass, campaign: f.campaignId ?? f.campaign, sender: f.sender, created_from: f.createdFrom, created_to: f.createdTo, test: f.test }),
        );
        return idConnection(args, async (walk) => (await list.findMessages(context.ctx, context.actor, filter, walk)).map((row) => messageView(row, context.actor)));
      })),
  }, { name: 'MessageConnection' }, { name: 'MessageEdge' }),
);

builder.queryField('message', (t) =>
  t.field({
    type: Message,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, context) => guarded(context, list.access, () => list.getMessage(context.ctx, context.actor, parseWith(ZId, String(args.id), 'id'))),
  }),
);
