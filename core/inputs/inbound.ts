// What the inbound calls take: the list's filters (REST, GraphQL and the inbox), a conversation, and an
// organization's keywords.
import { z } from 'zod';
import { ZPage, ZTimestamp } from './common.ts';
import { normalizeTanzanianMobile } from '../domain/phone.ts';
import { inboundAddress } from '../domain/inbound-address.ts';
import { MAX_REPLY_CHARS, MAX_WORDS, readWordList } from '../domain/keywords.ts';

/** A sender: a Tanzanian mobile number in any accepted form, as E.164 (`field` names it in a refusal). */
const sender = (field: string) =>
  z
    .string()
    .max(40)
    .transform((text, ctx) => {
      const phone = normalizeTanzanianMobile(text, field);
      if (!phone.ok) {
        // The refusal names its field itself, as the message of every input does: the rule's own words follow it.
        ctx.addIssue({ code: 'custom', message: phone.error.message.slice(field.length + 1) });
        return z.NEVER;
      }
      return phone.value;
    });
export const ZInboundFrom = sender('from');

/** One of the organization's numbers (+255…, 0…) or short codes (3 to 8 digits), as inbound_numbers keeps it. */
export const ZInboundTo = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    // A number written nationally (0…) is the organization's +255 number, mobile or not.
    const national = /^0[0-9]{9}$/.exec(text.replace(/[\s-]/g, ''));
    const number = national ? `+255${national[0].slice(1)}` : inboundAddress(text);
    if (!/^(\+255[0-9]{9}|[0-9]{3,8})$/.test(number)) {
      ctx.addIssue({ code: 'custom', message: 'must be a number (+255…, 0…) or a short code of 3 to 8 digits' });
      return z.NEVER;
    }
    return number;
  });

export const ZInboundFilter = z.strictObject({
  from: ZInboundFrom.optional(),
  to: ZInboundTo.optional(),
  since: ZTimestamp.optional(),
  until: ZTimestamp.optional(),
});
export type TInboundFilter = z.infer<typeof ZInboundFilter>;

export const ZListInboundQuery = ZPage.extend(ZInboundFilter.shape);
export type TListInboundQuery = z.infer<typeof ZListInboundQuery>;

const words = (field: string, min: number) =>
  z
    .array(z.string().max(40), { message: `${field} is a list of words` })
    .max(MAX_WORDS * 2)
    .transform((list, ctx) => {
      const read = readWordList(list, min);
      if (!read.ok) {
        ctx.addIssue({ code: 'custom', message: read.message });
        return z.NEVER;
      }
      return read.words;
    });

const reply = z.string().trim().max(MAX_REPLY_CHARS, { message: `a confirmation has at most ${MAX_REPLY_CHARS} characters` });

/** The words and confirmations as saved; an empty confirmation sends none. */
export const ZKeywordSettingsBody = z
  .strictObject({
    opt_out_words: words('opt_out_words', 1),
    opt_in_words: words('opt_in_words', 0),
    opt_out_reply: reply,
    opt_in_reply: reply,
  })
  .superRefine((body, ctx) => {
    const both = body.opt_in_words.find((w) => body.opt_out_words.includes(w));
    if (both !== undefined) ctx.addIssue({ code: 'custom', path: ['opt_in_words'], message: `${both} cannot be both an opt-out word and an opt-in word` });
  });
export type TKeywordSettingsBody = z.infer<typeof ZKeywordSettingsBody>;

/** The inbox's conversations: a page walked by the id of each one's last message. */
export const ZConversationsQuery = ZPage;
export type TConversationsQuery = z.infer<typeof ZConversationsQuery>;

/** One conversation: the sender's number in any accepted form. */
export const ZConversationInput = z.strictObject({ phone: sender('phone') });
export type TConversationInput = z.infer<typeof ZConversationInput>;
