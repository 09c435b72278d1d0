// The audit log's answers, as REST's `data` holds them.
import { z } from 'zod';
import { pageOf } from '../../outputs.ts';

export const ZAuditEvent = z.strictObject({
  id: z.string(),
  action: z.string(),
  actor: z.strictObject({ type: z.string(), id: z.string().nullable() }),
  target: z.strictObject({ type: z.string(), id: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  /** An ISO 8601 instant. */
  created_at: z.string().nullable(),
});

export const ZAuditEventPage = pageOf('audit_events', ZAuditEvent);
