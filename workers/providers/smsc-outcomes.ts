// What the SMSC simulator does with a submit (by the recipient's last two digits), the receipts it writes, and
// which part of a concatenated message a submit carries.
import { decodeForSmpp, encodeForSmpp, ESM_CLASS_UDHI, stripUdh } from '../../core/domain/sms-encoding.ts';
import { gsm7Septets } from '../../core/domain/segments.ts';
import { concatenationInUdh } from '../../core/domain/concatenation.ts';
import { ESM_CLASS_RECEIPT, NPI_ISDN, NPI_UNKNOWN, TON_ALPHANUMERIC, TON_INTERNATIONAL } from './smpp-wire.ts';

export type SimulatedOutcome = 'refuse' | 'undeliverable' | 'silent' | 'no-receipt' | 'delivered-twice' | 'rejected' | 'delivered';

/** The final states a simulated receipt may carry. */
export type ReceiptStat = 'DELIVRD' | 'UNDELIV' | 'REJECTD';

const BY_LAST_DIGITS: Readonly<Record<string, SimulatedOutcome>> = {
  '91': 'refuse',
  '92': 'undeliverable',
  '93': 'silent',
  '95': 'no-receipt',
  '96': 'delivered-twice',
  // Accepted, then the network rejects it: a REJECTD receipt (message_state 8), which fails the message.
  '97': 'rejected',
};

export function outcomeFor(destinationAddr: string): SimulatedOutcome {
  return BY_LAST_DIGITS[destinationAddr.slice(-2)] ?? 'delivered';
}

/** Delays after the submit_sm_resp at which receipts go out, with their final state. */
export function receiptsFor(outcome: SimulatedOutcome, dlrDelayMs: number): Array<{ afterMs: number; stat: ReceiptStat }> {
  switch (outcome) {
    case 'undeliverable':
      return [{ afterMs: dlrDelayMs, stat: 'UNDELIV' }];
    case 'rejected':
      return [{ afterMs: dlrDelayMs, stat: 'REJECTD' }];
    case 'delivered-twice':
      return [{ afterMs: dlrDelayMs, stat: 'DELIVRD' }, { afterMs: 2 * dlrDelayMs, stat: 'DELIVRD' }];
    case 'delivered':
      return [{ afterMs: dlrDelayMs, stat: 'DELIVRD' }];
    default:
      return [];
  }
}

/** The text of a received part, header stripped; null when its data_coding is one we cannot read. */
export function partText(bytes: Uint8Array, esmClass: number, dataCoding: number): string | null {
  try {
    return decodeForSmpp(stripUdh(bytes, esmClass).payload, dataCoding);
  } catch {
    return null;
  }
}

export interface ReceiptSource {
  /** Counter value of the message id: hex in submit_sm_resp, decimal in the receipt text. */
  id: number;
  sourceAddr: string;
  destinationAddr: string;
  text: string | null;
  submittedAt: Date;
}

const MESSAGE_STATE: Readonly<Record<ReceiptStat, number>> = { DELIVRD: 2, UNDELIV: 5, REJECTD: 8 };
const ERROR_CODE: Readonly<Record<ReceiptStat, string>> = { DELIVRD: '000', UNDELIV: '001', REJECTD: '002' };

function smppDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
}

// The receipt goes out in GSM-7; a character it cannot carry shows as '?', as on many SMSCs.
function excerpt(text: string | null): string {
  return Array.from(text ?? '').slice(0, 20).map((char) => (gsm7Septets(char) === null ? '?' : char)).join('');
}

/**
 * deliver_sm fields of a receipt in the SMPP 3.4 Appendix B form. Like many real SMSCs it names the
 * message in decimal in the text but in hex (as submit_sm_resp gave it) in receipted_message_id.
 */
export function receiptFields(source: ReceiptSource, stat: ReceiptStat, doneAt: Date): Record<string, unknown> {
  const delivered = stat === 'DELIVRD';
  const text =
    `id:${source.id} sub:001 dlvrd:${delivered ? '001' : '000'} submit date:${smppDate(source.submittedAt)} ` +
    `done date:${smppDate(doneAt)} stat:${stat} err:${ERROR_CODE[stat]} text:${excerpt(source.text)}`;
  const encoded = encodeForSmpp(text, 'gsm7', 0);
  return {
    source_addr_ton: TON_INTERNATIONAL,
    source_addr_npi: NPI_ISDN,
    source_addr: source.destinationAddr,
    dest_addr_ton: TON_ALPHANUMERIC,
    dest_addr_npi: NPI_UNKNOWN,
    destination_addr: source.sourceAddr,
    esm_class: ESM_CLASS_RECEIPT,
    data_coding: encoded.dataCoding,
    short_message: Buffer.from(encoded.parts[0] ?? new Uint8Array(0)),
    receipted_message_id: source.id.toString(16),
    message_state: MESSAGE_STATE[stat],
  };
}

/** Which part of a concatenated message a submit carries (its UDH's concatenation element); null for a single part. */
export interface ConcatenatedPart {
  reference: number;
  total: number;
  sequence: number;
}

export function concatenationOf(bytes: Uint8Array, esmClass: number): ConcatenatedPart | null {
  if ((esmClass & ESM_CLASS_UDHI) === 0 || bytes.length === 0) return null;
  const part = concatenationInUdh(bytes.subarray(0, 1 + (bytes[0] ?? 0)));
  return part && { reference: part.reference, total: part.total, sequence: part.seq };
}
