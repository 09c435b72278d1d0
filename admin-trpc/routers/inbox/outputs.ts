// The inbox's answers: inbound messages as REST's `data` holds them, conversations, a thread and the keywords.
import { z } from 'zod';
import { pageOf } from '../../outputs.ts';

export const ZInboundMessage = z.strictObject({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  incomplete: z.boolean(),
  received_at: z.string(),
  keyword: z.enum(['opt_out', 'opt_in']).nullable(),
});
export const ZInboundPage = pageOf('inbound_messages', ZInboundMessage);

export const ZConversation = z.strictObject({
  phone: z.string(),
  last_message: z.strictObject({ id: z.string(), body: z.string(), to: z.string(), received_at: z.string() }),
  unread: z.number(),
  total: z.number(),
});
export const ZConversationPage = pageOf('conversations', ZConversation);

const ZThreadItem = z.discriminatedUnion('direction', [
  z.strictObject({ direction: z.literal('in'), id: z.string(), body: z.string(), at: z.string(), to: z.string(), keyword: z.string().nullable(), incomplete: z.boolean(), read: z.boolean() }),
  z.strictObject({ direction: z.literal('out'), id: z.string(), body: z.string(), at: z.string(), from: z.string(), status: z.string() }),
]);
export const ZThread = z.strictObject({ phone: z.string(), items: z.array(ZThreadItem), truncated: z.boolean() });

const ZKeywordWords = { opt_out_words: z.array(z.string()), opt_in_words: z.array(z.string()), opt_out_reply: z.string(), opt_in_reply: z.string() };
export const ZKeywords = z.strictObject({ ...ZKeywordWords, defaults: z.strictObject(ZKeywordWords) });

export const ZMarked = z.strictObject({ marked: z.number() });
