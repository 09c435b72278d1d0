// Stores one whole inbound message (every part in) for the organization that owns the number it was sent to, and
// applies what it sets off, in one transaction: the caller acknowledges it to the SMSC only after this resolves.
// A message to a number nobody owns is kept for the operator (organization null), never dropped.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { newId } from '../../db/ids.ts';
import { inboundAddress } from '../../domain/inbound-address.ts';
import { insertInboundMessage, lockSender, ownerOfNumber, type InboundRow } from '../../db/inbound/inbound-messages.ts';
import { afterInboundStored } from './inbound-effects.ts';

export interface ArrivedInbound {
  /** Addresses as the SMSC gave them (source_addr, destination_addr). */
  from: string;
  to: string;
  body: string;
  encoding: InboundRow['encoding'];
  parts: number;
  /** The SMSC account of the link it came on (system_id@host:port), and the bind's name when binds are named. */
  smsc: string;
  bind: string | null;
  /** The SMSC's own name for the message, when it gives one. */
  smscMessageRef: string | null;
  /** Stored from the parts that came when the others never did (inbound_parts). */
  incomplete?: boolean;
}

export interface StoredResult {
  id: string | null;
  organizationId: string | null;
  /** False when the SMSC sent again a message already stored. */
  stored: boolean;
}

export async function storeInbound(ctx: Ctx, arrived: ArrivedInbound): Promise<StoredResult> {
  return inTransaction(ctx, async (tx) => {
    const toNumber = inboundAddress(arrived.to);
    const fromPhone = inboundAddress(arrived.from);
    const organizationId = await ownerOfNumber(tx.em, toNumber);
    await lockSender(tx.em, organizationId ?? toNumber, fromPhone);
    // Timed once its turn came: a sender's messages are stored, and their keywords applied, in received_at order.
    const now = await tx.deps.clock.now();
    const id = newId();
    const row: InboundRow = { ...arrived, id, organizationId, fromPhone, toNumber, receivedAt: now };
    if (!(await insertInboundMessage(tx.em, row))) return { id: null, organizationId, stored: false };
    const stored = { ...tx, now };
    if (organizationId) await afterInboundStored(stored, { organizationId, id, fromPhone, toNumber, body: arrived.body, receivedAt: now, incomplete: arrived.incomplete ?? false });
    return { id, organizationId, stored: true };
  });
}
