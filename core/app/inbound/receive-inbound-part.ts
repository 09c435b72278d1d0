// A message from a handset as the SMSC hands it over, part by part: a whole message is stored at once; a part of a
// long one is stored with its siblings (inbound_message_parts), and the part that completes the message joins them,
// decodes them once and stores the message, in one transaction. The caller acknowledges the deliver_sm only once
// this resolves: a crash before leaves it unacknowledged, for the SMSC to send again.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import type { InboundPart } from '../messages/provider.ts';
import { inboundAddress } from '../../domain/inbound-address.ts';
import { inboundText, joinPayloads, presentAddress } from '../../domain/inbound-text.ts';
import { inboundRefStored } from '../../db/inbound/inbound-messages.ts';
import { deleteParts, insertPart, lockParts, partsOf, type PartsKey } from '../../db/inbound/inbound-parts.ts';
import { storeInbound } from './store-inbound.ts';

export async function receiveInboundPart(ctx: Ctx, part: InboundPart, bind: string | null): Promise<void> {
  const from = presentAddress(part.from);
  const to = presentAddress(part.to);
  const { smsc, smscMessageRef } = part;
  if (!part.concat) {
    const { body, encoding } = inboundText(part.payload, part.dataCoding);
    await storeInbound(ctx, { from, to, body, encoding, parts: 1, smsc, bind, smscMessageRef });
    return;
  }
  const { reference, total, seq } = part.concat;
  const key: PartsKey = { smsc, fromAddr: inboundAddress(from), toAddr: inboundAddress(to), reference, total };
  await inTransaction(ctx, async (tx) => {
    await lockParts(tx.em, key);
    // A part sent again after its message was stored whole (the last part's acknowledgement was lost).
    if (smscMessageRef && (await inboundRefStored(tx.em, smsc, smscMessageRef))) return;
    await insertPart(tx.em, key, { seq, dataCoding: part.dataCoding, payload: part.payload, bind, receivedAt: tx.now });
    const parts = await partsOf(tx.em, key);
    if (parts.length < total) return;
    const { body, encoding } = inboundText(joinPayloads(parts), parts[0]!.data_coding);
    await storeInbound(tx, { from: key.fromAddr, to: key.toAddr, body, encoding, parts: total, smsc, bind, smscMessageRef });
    await deleteParts(tx.em, key);
  });
}
