// DeliveryReceipt: an operator's delivery report for a part of a message, and what it did to the message.
import { builder } from '../builder.ts';
import type { MessageDetail } from '../../core/app/messages/message-view.ts';

export const DeliveryReceipt = builder.objectRef<MessageDetail['receipts'][number]>('DeliveryReceipt').implement({
  description: 'An operator’s delivery receipt for a message (one a part for a long message; operators also repeat them).',
  fields: (t) => ({
    delivery: t.exposeString('delivery', { description: 'What the receipt says: delivered, undelivered, failed, or none (a receipt that reports no outcome, such as ENROUTE).' }),
    rawStatus: t.exposeString('raw_status', { description: 'The operator’s own word, as sent: DELIVRD, UNDELIV, EXPIRED, REJECTD, DELETED, ENROUTE…' }),
    failureReason: t.exposeString('failure_reason', { nullable: true, description: 'The raw status with the operator’s error code, when the receipt reports a failure; null otherwise.' }),
    effect: t.exposeString('effect', {
      description: 'The status this receipt gave the message (delivered, undelivered, failed), or none: a repeat, another part of a message still on its way, or news that changes nothing.',
    }),
    receivedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the service received it (UTC).', resolve: (r) => r.received_at }),
  }),
});
