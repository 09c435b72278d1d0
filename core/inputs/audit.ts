// What reading the audit log takes.
import { z } from 'zod';
import { ZPage } from './common.ts';

export const ZListAuditEventsQuery = ZPage.extend({
  action: z.string().min(1).max(100).optional(),
});
export type TListAuditEventsQuery = z.infer<typeof ZListAuditEventsQuery>;
