// DeliveryReceipt: an operator's delivery report for a part of a message, and what it did to the message.
import { builder } from '../builder.ts';
import type { MessageDetail } from '../../core/app/messages/message-view.ts';

export const DeliveryReceipt = builder.objectRef<MessageDetail['receipts'][number]>('DeliveryReceipt').implement({
  fields: (t) => ({
    delivery: t.exposeString('delivery'),
    rawStatus: t.exposeString('raw_status'),
    failureReason: t.exposeString('failure_reason', { nullable: true }),
    effect: t.exposeString('effect'),
    receivedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.received_at }),
  }),
});
