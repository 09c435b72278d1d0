// A mobile-originated deliver_sm read as the provider port's InboundPart: its user data without the header, and
// where it belongs when it is a part of a long message (the header's concatenation element, else the SAR TLVs).
import type { Pdu } from 'smpp';
import type { InboundPart } from '../../core/app/messages/provider.ts';
import { concatenationInSar, concatenationInUdh } from '../../core/domain/concatenation.ts';
import { stripUdh } from '../../core/domain/sms-encoding.ts';
import { messageBytes } from './smpp-wire.ts';
import type { SmppLogger } from './smpp-connection.ts';

/** esm_class bits 2–5, the message type: 0 for a message a handset sent. */
const ESM_MESSAGE_TYPE = 0x3c;

/**
 * The part a deliver_sm carries, or null when it is neither a receipt nor a mobile-originated message (an
 * intermediate notification, an SME acknowledgement): those are acknowledged and dropped, with a warning.
 */
export function inboundPartOf(pdu: Pdu, smsc: string, logger: SmppLogger): InboundPart | null {
  const esmClass = pdu.esm_class ?? 0;
  if ((esmClass & ESM_MESSAGE_TYPE) !== 0) {
    logger.warn('SMPP deliver_sm of a message type this service does not take, dropped', { esmClass });
    return null;
  }
  const bytes = messageBytes(pdu);
  let header: { udh: Uint8Array | null; payload: Uint8Array };
  try {
    header = stripUdh(bytes, esmClass);
  } catch (error) {
    // A header that cannot be read: the whole user data is kept as the message, rather than lost.
    logger.warn('SMPP inbound user data header unreadable, kept whole', { error: (error as Error).message });
    header = { udh: null, payload: bytes };
  }
  const concat = (header.udh && concatenationInUdh(header.udh)) ?? concatenationInSar(pdu);
  const ref = typeof pdu.smsc_message_ref === 'string' && pdu.smsc_message_ref !== '' ? pdu.smsc_message_ref.slice(0, 100) : null;
  return {
    smsc,
    from: pdu.source_addr ?? '',
    to: pdu.destination_addr ?? '',
    dataCoding: pdu.data_coding ?? 0,
    // A copy: the PDU's buffer may be a view into what the socket read.
    payload: Uint8Array.from(header.payload),
    concat,
    smscMessageRef: ref,
  };
}
