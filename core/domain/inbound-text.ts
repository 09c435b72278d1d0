// The text of a message that came in, from its bytes and data_coding: GSM-7 (one septet a byte, as SMPP carries
// it), UCS-2 and Latin-1 (ASCII read as its subset) decoded by sms-encoding.ts; anything else (8-bit data, a coding
// this service does not read) is kept as hexadecimal, marked binary. The parts of a long message are joined as bytes
// and decoded once, so a character split between two parts (a UCS-2 surrogate pair, a GSM-7 escape) comes out whole.
import { DATA_CODING, decodeForSmpp } from './sms-encoding.ts';

export type InboundEncoding = 'gsm7' | 'ucs2' | 'latin1' | 'binary';

/** inbound_messages.body holds at most this many characters; a longer message keeps its beginning. */
export const INBOUND_BODY_MAX = 10_000;

/**
 * SMPP's own codings (0x00–0x0F), then GSM 03.38's general data coding groups (bits 7–6 of 00, uncompressed: the
 * alphabet in bits 3–2) and group 0xF0 (bit 2: 8-bit data), which carry a message class as well.
 */
export function inboundCoding(dataCoding: number): { encoding: InboundEncoding; smppCoding: number | null } {
  if (dataCoding === DATA_CODING.gsm7) return { encoding: 'gsm7', smppCoding: DATA_CODING.gsm7 };
  if (dataCoding === DATA_CODING.ascii) return { encoding: 'latin1', smppCoding: DATA_CODING.ascii };
  if (dataCoding === DATA_CODING.latin1) return { encoding: 'latin1', smppCoding: DATA_CODING.latin1 };
  if (dataCoding === DATA_CODING.ucs2) return { encoding: 'ucs2', smppCoding: DATA_CODING.ucs2 };
  if (dataCoding >= 0x10 && dataCoding <= 0x1f) {
    const alphabet = (dataCoding >> 2) & 0x03;
    if (alphabet === 0) return { encoding: 'gsm7', smppCoding: DATA_CODING.gsm7 };
    if (alphabet === 2) return { encoding: 'ucs2', smppCoding: DATA_CODING.ucs2 };
  }
  if (dataCoding >= 0xf0 && (dataCoding & 0x04) === 0) return { encoding: 'gsm7', smppCoding: DATA_CODING.gsm7 };
  return { encoding: 'binary', smppCoding: null };
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** At most `max` characters (code points), never half a surrogate pair. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/**
 * The body and encoding of a whole message's bytes. A NUL (which PostgreSQL's text cannot hold) and a lone half of
 * a surrogate pair become U+FFFD, as a handset shows what it cannot read: the message is always storable.
 */
export function inboundText(payload: Uint8Array, dataCoding: number): { body: string; encoding: InboundEncoding } {
  const { encoding, smppCoding } = inboundCoding(dataCoding);
  const raw = smppCoding === null ? hex(payload) : decodeForSmpp(payload, smppCoding);
  const body = raw.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  return { body: clip(body, INBOUND_BODY_MAX), encoding };
}

/** The bytes of the parts of one message, in their order, as one payload. */
export function joinPayloads(parts: ReadonlyArray<{ seq: number; payload: Uint8Array }>): Uint8Array {
  const ordered = [...parts].sort((a, b) => a.seq - b.seq);
  const out = new Uint8Array(ordered.reduce((n, p) => n + p.payload.length, 0));
  let at = 0;
  for (const part of ordered) {
    out.set(part.payload, at);
    at += part.payload.length;
  }
  return out;
}

/** An address an SMSC left empty is kept as this, so that the message is still stored. */
export const UNKNOWN_ADDRESS = 'unknown';

export function presentAddress(raw: string | undefined): string {
  const trimmed = (raw ?? '').trim();
  return trimmed === '' ? UNKNOWN_ADDRESS : trimmed.slice(0, 32);
}
