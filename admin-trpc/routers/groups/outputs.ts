// Groups' answers, as REST's `data` holds them.
import { z } from 'zod';
import { ZInstant } from '../../outputs.ts';

export const ZGroup = z.strictObject({ id: z.string(), name: z.string(), members: z.number(), created_at: ZInstant, updated_at: ZInstant });
export const ZGroupAnswer = z.strictObject({ group: ZGroup });
export const ZGroupList = z.strictObject({ groups: z.array(ZGroup) });
