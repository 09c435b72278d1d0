// Opt-outs' answers, as REST's `data` holds them.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';

export const ZOptOut = z.strictObject({
  id: z.string(),
  phone: z.string(),
  source: z.string(),
  reason: z.string().nullable(),
  active: z.boolean(),
  created_at: ZInstant,
  cleared_at: ZInstant,
  clear_reason: z.string().nullable(),
  clear_evidence: z.string().nullable(),
});
export const ZOptOutAnswer = z.strictObject({ opt_out: ZOptOut });
export const ZOptOutPage = pageOf('opt_outs', ZOptOut);
