// What the address book's contact calls take: a contact, its changes and the list's search.
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../domain/phone.ts';
import { ZId, ZPage } from './common.ts';

export const ZContactName = z.string().trim().max(100);

export const ZConsentInput = z.strictObject({ note: z.string().trim().min(1).max(500) });

export const ZCreateContactBody = z.strictObject({
  phone: z.string().max(40),
  name: ZContactName.nullable().optional(),
  consent: ZConsentInput.nullable().optional(),
  group_ids: z.array(ZId).max(500).default([]),
});
export type TCreateContactBody = z.infer<typeof ZCreateContactBody>;

export const ZUpdateContactBody = z.strictObject({
  name: ZContactName.nullable().optional(),
  /** An object records consent when none exists (an existing record is kept); null withdraws it. */
  consent: ZConsentInput.nullable().optional(),
});
export type TUpdateContactBody = z.infer<typeof ZUpdateContactBody>;

export const ZListContactsQuery = ZPage.extend({
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  group_id: ZId.optional(),
});
export type TListContactsQuery = z.infer<typeof ZListContactsQuery>;
