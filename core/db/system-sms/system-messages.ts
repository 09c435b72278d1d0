// System messages: rows of the platform organization's messages, queued for the normal dispatch like any live
// message but with no money (charge none, nothing held, no ledger entry), and marked with what they were for.
import type { Encoding } from '../../domain/segments.ts';
import { exec, type Runner } from '../sql.ts';

export interface NewSystemMessage {
  id: string;
  organizationId: string;
  to: string;
  sender: string;
  body: string;
  redactedBody: string;
  encoding: Encoding;
  segments: number;
  clientRef: string;
  purpose: string;
  /** The member it is sent for (of a customer organization). */
  memberId: string | null;
  at: Date;
  expiresAt: Date;
}

/** The message, accepted and due at once, and its mark, in one statement (through the ORM or a hot path's own client). */
export async function insertSystemMessage(db: Runner, m: NewSystemMessage): Promise<void> {
  await exec(
    db,
    `with marked as (
       insert into system_messages (organization_id, message_id, purpose, member_id, redacted_body, created_at) values (?, ?, ?, ?, ?, ?)
     )
     insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
       unit_amount, total, charge, dispatch_after, expires_at, created_at, updated_at)
     values (?, ?, false, 'accepted', ?, ?, ?, 'transactional', ?, ?, ?, 0, 0, 'none', ?, ?, ?, ?)`,
    [
      m.organizationId, m.id, m.purpose, m.memberId, m.redactedBody, m.at,
      m.id, m.organizationId, m.to, m.sender, m.body, m.clientRef, m.encoding, m.segments, m.at, m.expiresAt, m.at, m.at,
    ],
  );
}
