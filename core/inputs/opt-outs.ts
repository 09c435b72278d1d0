// What the opt-out calls take: recording one, clearing one and the list's filters.
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../domain/phone.ts';
import { ZPage } from './common.ts';

export const ZRecordOptOutBody = z.strictObject({
  phone: z.string().max(40),
  reason: z.string().trim().max(500).optional(),
});
export type TRecordOptOutBody = z.infer<typeof ZRecordOptOutBody>;

export const ZClearOptOutBody = z.strictObject({
  reason: z.string().trim().min(3).max(500),
  evidence: z.string().trim().min(3).max(500),
});
export type TClearOptOutBody = z.infer<typeof ZClearOptOutBody>;

export const ZListOptOutsQuery = ZPage.extend({
  status: z.enum(['active', 'cleared', 'all']).default('active'),
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
});
export type TListOptOutsQuery = z.infer<typeof ZListOptOutsQuery>;
