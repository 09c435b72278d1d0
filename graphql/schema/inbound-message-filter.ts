// InboundMessageFilter: what a caller may narrow the inbound messages to (the use case's ZInboundFilter).
import { builder } from '../builder.ts';

export const InboundMessageFilter = builder.inputType('InboundMessageFilter', {
  description: 'Narrows the inbound messages: a message is listed when it matches every field given.',
  fields: (t) => ({
    from: t.string({ description: 'Only the messages of this sender: a Tanzanian mobile number in any accepted form.' }),
    to: t.string({ description: 'Only the messages sent to this number (+255…, 0…) or short code.' }),
    since: t.field({ type: 'DateTime', description: 'Received at or after this moment.' }),
    until: t.field({ type: 'DateTime', description: 'Received before this moment (not included).' }),
  }),
});
