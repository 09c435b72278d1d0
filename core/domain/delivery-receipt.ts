// Reading a delivery receipt out of a deliver_sm, and matching the provider ids it names.

// The provider port's ProviderReceipt, restated so the domain depends on nothing outside it;
// the two are kept equal by a type check in the tests.
export type ReceiptEffect = 'delivered' | 'undelivered' | 'failed' | 'none';

export interface DeliveryReceipt {
  providerId: string;
  /** The receipt's stat as written, or the 7-letter form of message_state. */
  rawStatus: string;
  errorCode: string | null;
  effect: ReceiptEffect;
}

export interface DeliveryReceiptInput {
  /** The short_message as text. */
  text: string | null;
  /** The receipted_message_id TLV. */
  receiptedMessageId: string | null;
  /** The message_state TLV. */
  messageState: number | null;
}

/** message_state values (SMPP 3.4 section 5.2.28) in the 7-letter form receipt texts use. */
export const MESSAGE_STATE_STATS: Readonly<Record<number, string>> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
  9: 'SKIPPED',
};

// Some SMSCs write the message_state name in full rather than the 7-letter form.
export const RECEIPT_EFFECTS: Readonly<Record<string, ReceiptEffect>> = {
  DELIVRD: 'delivered',
  DELIVERED: 'delivered',
  UNDELIV: 'undelivered',
  UNDELIVERABLE: 'undelivered',
  EXPIRED: 'undelivered',
  REJECTD: 'failed',
  REJECTED: 'failed',
  DELETED: 'failed',
};

const STAT_WHEN_MISSING = 'UNKNOWN';

// A key starts the text or follows a space, so a colon inside a value (a time, an id) never starts one.
const KEY = /(?<=^|\s)([a-z][a-z_]*(?:[ _]date)?)[ \t]*:/gi;

/**
 * The fields of an Appendix B receipt text, keys lowercased with one space inside.
 * Everything after `text:` belongs to it, so the message excerpt cannot fake a field.
 */
export function receiptTextFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  const keys = Array.from(text.matchAll(KEY));
  for (const [n, match] of keys.entries()) {
    const key = (match[1] ?? '').toLowerCase().replace(/[ _]+/g, ' ');
    const start = match.index + match[0].length;
    if (key === 'text') {
      if (!fields.has(key)) fields.set(key, text.slice(start));
      break;
    }
    const end = keys[n + 1]?.index ?? text.length;
    // The first occurrence wins: a repeated key is more likely noise than a correction.
    if (!fields.has(key)) fields.set(key, text.slice(start, end).trim());
  }
  return fields;
}

// C-Octet strings sometimes arrive with their terminating NUL still attached.
function cleanId(id: string | null | undefined): string | null {
  const cleaned = (id ?? '').replace(/\0+$/, '').trim();
  return cleaned === '' ? null : cleaned;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * A receipt from a deliver_sm, or null when no message id can be found. The TLVs are
 * exact, so each wins over the text, field by field. The caller should already know from
 * esm_class that this deliver_sm is a receipt, since a subscriber's own text may look like one.
 */
export function parseDeliveryReceipt(input: DeliveryReceiptInput): DeliveryReceipt | null {
  const fields = input.text === null ? new Map<string, string>() : receiptTextFields(input.text);
  const providerId = cleanId(input.receiptedMessageId) ?? cleanId(fields.get('id'));
  if (providerId === null) return null;
  const tlvStat = input.messageState === null ? undefined : MESSAGE_STATE_STATS[input.messageState];
  const rawStatus = tlvStat ?? nonEmpty(fields.get('stat')) ?? STAT_WHEN_MISSING;
  return {
    providerId,
    rawStatus,
    errorCode: nonEmpty(fields.get('err')),
    effect: RECEIPT_EFFECTS[rawStatus.toUpperCase()] ?? 'none',
  };
}

const HEX = /^[0-9a-f]+$/;
const DECIMAL = /^[0-9]+$/;
// Beyond this an id is no number an SMSC would print two ways; skip the conversions.
const MAX_NUMERIC_ID_LENGTH = 64;

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=.)/, '');
}

/**
 * The forms under which one provider message id may appear: SMSCs often answer
 * submit_sm in hex and write the receipt's id in decimal, or the other way round.
 * Both the stored ids and the receipt's id go through this, so one shared candidate
 * is a match.
 */
export function providerIdCandidates(id: string): string[] {
  const given = cleanId(id)?.toLowerCase();
  if (given === undefined) return [];
  if (given.length > MAX_NUMERIC_ID_LENGTH || !HEX.test(given)) return [given];
  const candidates = [withoutLeadingZeros(given), BigInt(`0x${given}`).toString(10)];
  if (DECIMAL.test(given)) candidates.push(BigInt(given).toString(16));
  return Array.from(new Set(candidates));
}

/** A stored part a receipt may name: the id as its SMSC gave it (normalized), and the number its message went to. */
export interface ReceiptCandidate {
  providerId: string;
  messageKey: string;
  toPhone: string;
}

/** The last nine digits: a Tanzanian number's national part, however an SMSC writes the country code. */
const nationalPart = (digits: string) => digits.replace(/\D/g, '').slice(-9);

/**
 * Which message a receipt names, among the parts stored (same SMSC) under any form its id may stand for.
 * Where the receipt names the handset, only messages to that number count. Then the part whose id is the
 * receipt's id as written wins; otherwise one message under another form (hex for decimal, or the other way).
 * Two messages left is no match: a receipt never settles a message it may not be for.
 */
export function matchReceipt(receipt: { providerId: string; address: string | null }, candidates: ReceiptCandidate[]): ReceiptCandidate | null {
  const forms = providerIdCandidates(receipt.providerId);
  const named = candidates.filter((c) => forms.includes(c.providerId) && (!receipt.address || nationalPart(c.toPhone) === nationalPart(receipt.address)));
  const literal = named.filter((c) => c.providerId === forms[0]);
  const decisive = literal.length ? literal : named;
  return new Set(decisive.map((c) => c.messageKey)).size === 1 ? decisive[0]! : null;
}
