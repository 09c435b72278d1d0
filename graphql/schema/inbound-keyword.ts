// InboundKeyword: what an inbound message was read as (core/domain/keywords.ts).
import { builder } from '../builder.ts';

export const InboundKeyword = builder.enumType('InboundKeyword', {
  description: 'What a message was read as: an opt-out word (STOP, ACHA, SITAKI, UNSUBSCRIBE or the organization’s own) or an opt-in word (START, ANZA or its own).',
  values: { OPT_OUT: { value: 'opt_out', description: 'An opt-out word: the number was opted out.' }, OPT_IN: { value: 'opt_in', description: 'An opt-in word: the number’s opt-out was cleared.' } } as const,
});
