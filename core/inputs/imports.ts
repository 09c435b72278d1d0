// What processing a contact import takes: its columns, its group and its consent.
import { z } from 'zod';
import { ZId } from './common.ts';
import { ZGroupName } from './groups.ts';
import { ZConsentInput } from './contacts.ts';

export const ZProcessImportBody = z
  .strictObject({
    phone_column: z.string().min(1).max(500),
    name_column: z.string().min(1).max(500).nullable().optional(),
    group_id: ZId.nullable().optional(),
    group_name: ZGroupName.nullable().optional(),
    consent: ZConsentInput.nullable().optional(),
  })
  .refine((b) => !(b.group_id && b.group_name), { message: 'send group_id or group_name, not both', path: ['group_name'] });
export type TProcessImportBody = z.infer<typeof ZProcessImportBody>;
