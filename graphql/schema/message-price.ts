// MessagePrice: what a message costs and whether it was charged.
import { builder } from '../builder.ts';
import type { MessageView } from './message.ts';

export const MessagePrice = builder.objectRef<MessageView['price']>('MessagePrice').implement({
  description: 'A message’s price, fixed when it was accepted (a campaign’s at its quote); later rate changes never alter it.',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'Always TZS.' }),
    unitAmount: t.field({ type: 'Cents', description: 'The price of one segment, in cents (100 cents = 1 TZS).', resolve: (p) => p.unit_amount }),
    total: t.field({
      type: 'Cents',
      description: 'unitAmount × segments, in cents: the amount held while the message is on its way, then charged or given back.',
      resolve: (p) => p.total,
    }),
    charged: t.exposeBoolean('charged', {
      description: 'The total was captured (spent): an operator accepted the message. False while it is held, once it was given back, and always for a test message.',
    }),
  }),
});
