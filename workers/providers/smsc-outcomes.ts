// What the SMSC simulator does with a submit (by the recipient's last two digits) and the receipts it writes.
import { decodeForSmpp, encodeForSmpp, stripUdh } from '../../core/domain/sms-encoding.ts';
import { gsm7Septets } from '../../core/domain/segments.ts';
import { ESM_CLASS_RECEIPT, NPI_ISDN, NPI_UNKNOWN, TON_ALPHANUMERIC, TON_INTERNATIONAL } from './smpp-wire.ts';

export type SimulatedOutcome = 'refuse' | 'undeliverable' | 'silent' | 'no-receipt' | 'delivered-twice' | 'delivered';

const BY_LAST_DIGITS: Readonly<Record<string, SimulatedOutcome>> = {
  '91': 'refuse',
  '92': 'undeliverable',
  '93': 'silent',
  '95': 'no-receipt',
  '96': 'delivered-twice',
};

export function outcomeFor(destinationAddr: string): SimulatedOutcome {
  return BY_LAST_DIGITS[destinationAddr.slice(-2)] ?? 'delivered';
}

/** Delays after the submit_sm_resp at which receipts go out, with their final state. */
export function receiptsFor(outcome: SimulatedOutcome, dlrDelayMs: number): Array<{ afterMs: number; stat: 'DELIVRD' | 'UNDELIV' }> {
  switch (outcome) {
    case 'undeliverable':
      return [{ afterMs: dlrDelayMs, stat: 'UNDELIV' }];
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

const MESSAGE_STATE = { DELIVRD: 2, UNDELIV: 5 } as const;

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
export function receiptFields(source: ReceiptSource, stat: 'DELIVRD' | 'UNDELIV', doneAt: Date): Record<string, unknown> {
  const delivered = stat === 'DELIVRD';
  const text =
    `id:${source.id} sub:001 dlvrd:${delivered ? '001' : '000'} submit date:${smppDate(source.submittedAt)} ` +
    `done date:${smppDate(doneAt)} stat:${stat} err:${delivered ? '000' : '001'} text:${excerpt(source.text)}`;
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
