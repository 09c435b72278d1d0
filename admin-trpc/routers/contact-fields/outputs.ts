// Contact fields' answers, as REST's `data` holds them.
import { z } from 'zod';
import { ZInstant } from '../../outputs.ts';

export const ZContactField = z.strictObject({ id: z.string(), name: z.string(), created_at: ZInstant, updated_at: ZInstant });
export const ZContactFieldAnswer = z.strictObject({ field: ZContactField });
export const ZContactFieldList = z.strictObject({ fields: z.array(ZContactField) });
