// MessagePrice: what a message costs and whether it was charged.
import { builder } from '../builder.ts';
import type { MessageView } from './message.ts';

export const MessagePrice = builder.objectRef<MessageView['price']>('MessagePrice').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    unitAmount: t.field({ type: 'Cents', resolve: (p) => p.unit_amount }),
    total: t.field({ type: 'Cents', resolve: (p) => p.total }),
    charged: t.exposeBoolean('charged'),
  }),
});
