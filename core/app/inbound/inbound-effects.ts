// What a stored inbound message sets off, in the transaction that stored it (so a crash leaves the message and its
// effects together or neither): a keyword's opt-out or opt-in, its confirmation, and the message.received event.
import type { Ctx } from '../context.ts';
import { addEvents } from '../../db/messages/outbox.ts';
import { applyKeyword } from './apply-keyword.ts';
import { inboundEventData } from './inbound-view.ts';

/** An inbound message as stored for its organization (inbound_messages), whole (every part in). */
export interface StoredInbound {
  organizationId: string;
  id: string;
  /** E.164 (+255…) when the sender is a Tanzanian mobile number, else the address as the SMSC gave it. */
  fromPhone: string;
  /** The organization's number or short code it was sent to, as in inbound_numbers. */
  toNumber: string;
  body: string;
  receivedAt: Date;
  /** Stored from the parts that came when the others never did: a fragment is never read as a keyword. */
  incomplete: boolean;
}

/** Called once per stored message, inside its storing transaction (tx.now is the time it was stored). */
export async function afterInboundStored(tx: Ctx, message: StoredInbound): Promise<void> {
  const keyword = message.incomplete ? null : await applyKeyword(tx, message);
  await addEvents(tx.em, tx.now, [{ organizationId: message.organizationId, type: 'message.received', data: inboundEventData(message, keyword) }]);
}
