// An accepted message as the database holds it (live ones are written by the send batcher).
import type { Encoding } from '../../domain/segments.ts';
import type { TrafficClass } from '../../domain/pricing.ts';
import type { MessageRow } from '../../db/messages/message-rows.ts';

export const RECIPIENT_MESSAGES_PER_HOUR = 30;

export interface NewMessage {
  id: string;
  organizationId: string;
  test: boolean;
  to: string;
  from: string;
  body: string;
  trafficClass: TrafficClass;
  clientRef: string;
  encoding: Encoding;
  segments: number;
  unitAmount: bigint;
  total: bigint;
  apiKeyId: string | null;
  memberId: string | null;
  heldUntil: Date | null;
  /** The time the caller asked it to go (send later); null for a message sent now. */
  sendAt: Date | null;
  expiresAt: Date;
}

/** The accepted message as the database now holds it, without reading it back. */
export function acceptedRow(m: NewMessage, at: Date): MessageRow {
  return {
    id: m.id,
    organization_id: m.organizationId,
    test: m.test,
    status: 'accepted',
    to_phone: m.to,
    sender: m.from,
    body: m.body,
    traffic_class: m.trafficClass,
    client_ref: m.clientRef,
    encoding: m.encoding,
    segments: m.segments,
    unit_amount: m.unitAmount.toString(),
    total: m.total.toString(),
    charge: m.test ? 'none' : 'held',
    failure_reason: null,
    campaign_id: null,
    held_until: m.heldUntil,
    send_at: m.sendAt,
    expires_at: m.expiresAt,
    created_at: at,
    updated_at: at,
    final_at: null,
  };
}

/** The message as a row of the messages table, for an insert through jsonb_populate_record(set). */
export function messageRecord(m: NewMessage, at: Date): Record<string, unknown> {
  return { ...acceptedRow(m, at), api_key_id: m.apiKeyId, member_id: m.memberId, dispatch_after: m.heldUntil ?? at };
}
