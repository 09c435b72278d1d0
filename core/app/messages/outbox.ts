// The webhook event of a message's new status; core/db/messages/outbox.ts writes it to the outbox with the change.
import type { OutboxEvent } from '../../db/messages/outbox.ts';

/** The event of a message's new status, echoing the caller's client_ref. */
export function messageEvent(m: { organization_id: string; id: string; client_ref: string; campaign_id: string | null }, status: string, extra: Record<string, unknown> = {}): OutboxEvent {
  return { organizationId: m.organization_id, type: `message.${status}`, data: { id: m.id, status, client_ref: m.client_ref, campaign_id: m.campaign_id, ...extra } };
}
