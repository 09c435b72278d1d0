// MessageStatus: where a message stands in its state table.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { MESSAGE_STATUSES } from '../../core/domain/message-states.ts';

export const MessageStatus = builder.enumType('MessageStatus', {
  description:
    'Where a message stands. ACCEPTED and SUBMITTED are on their way; UNKNOWN waits for news; DELIVERED, UNDELIVERED, FAILED, CANCELLED and EXPIRED are final. A message is never resent by itself.',
  values: upperCaseValues(MESSAGE_STATUSES, {
    accepted:
      'Recorded and its price held from the wallet, not yet with an operator (a promotional message outside the sending window waits here, with heldUntil). No evidence that anything was sent.',
    submitted: 'An operator accepted it and its price was charged; no delivery receipt yet.',
    delivered: 'The operator reported every part delivered to the handset (final; charged).',
    undelivered: 'The operator carried it but reported it not delivered, e.g. the handset stayed off until it expired there (final; still charged).',
    failed:
      'Refused by the operator (not charged), or reported failed by a receipt after the operator accepted it (still charged, except a campaign message, whose share is refunded). Final.',
    unknown: 'Sent, but the operator’s answer was lost: it may or may not have gone. Never resent; a late receipt settles it, and after 7 days without one its hold goes back to the wallet.',
    cancelled: 'Its campaign was cancelled before the message reached an operator; its share went back to the wallet (final).',
    expired: 'Its ttl or its campaign’s validity ran out before it was sent; its hold went back to the wallet (final).',
  }),
});
