// The bytes of a message as SMPP carries them: data_coding, short_message of each part, and the way back.
import { formatCodePoint, GSM7_BASIC_TABLE, GSM7_EXTENSION_TABLE, splitSegments, type Encoding } from './segments.ts';

export interface SmppEncoded {
  dataCoding: number;
  esmClass: number;
  parts: Uint8Array[];
}

export const DATA_CODING = { gsm7: 0x00, ascii: 0x01, latin1: 0x03, ucs2: 0x08 } as const;
export const ESM_CLASS_UDHI = 0x40;

const ESCAPE = 0x1b;
const MAX_PARTS = 255;
const REPLACEMENT = '\uFFFD';

const GSM7_BASIC_VALUES: ReadonlyMap<string, number> = new Map(
  Array.from(GSM7_BASIC_TABLE, (char, value) => [char, value] as const).filter(([, value]) => value !== ESCAPE),
);
const GSM7_EXTENSION_CHARS: ReadonlyMap<number, string> = new Map(
  Array.from(GSM7_EXTENSION_TABLE, ([char, value]) => [value, char] as const),
);

/**
 * One byte per septet, unpacked: SMPP leaves packing to the SMSC. Bodies are checked
 * before they are accepted, so a character GSM 03.38 cannot carry here is a bug.
 */
export function gsm7Bytes(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const basic = GSM7_BASIC_VALUES.get(char);
    if (basic !== undefined) {
      out.push(basic);
      continue;
    }
    const extension = GSM7_EXTENSION_TABLE.get(char);
    if (extension === undefined) throw new Error(`GSM-7 cannot carry ${formatCodePoint(char)}; the body should have been sent as UCS-2`);
    out.push(ESCAPE, extension);
  }
  return Uint8Array.from(out);
}

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new Error(`the ASCII route cannot carry ${formatCodePoint(text[i] ?? '')} at index ${i}`);
    out[i] = code;
  }
  return out;
}

// Code units rather than code points: a surrogate pair goes out as the four bytes UTF-16BE gives it.
function ucs2Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    out[i * 2] = unit >> 8;
    out[i * 2 + 1] = unit & 0xff;
  }
  return out;
}

const ENCODERS: Readonly<Record<Encoding, { dataCoding: number; bytes: (text: string) => Uint8Array }>> = {
  gsm7: { dataCoding: DATA_CODING.gsm7, bytes: gsm7Bytes },
  ascii: { dataCoding: DATA_CODING.ascii, bytes: asciiBytes },
  ucs2: { dataCoding: DATA_CODING.ucs2, bytes: ucs2Bytes },
};

/**
 * The short_message of each submit_sm for a body already checked for its encoding.
 * Parts follow splitSegments, so what is billed is exactly what is sent; a long
 * message carries the 8-bit-reference concatenation header in every part.
 */
export function encodeForSmpp(body: string, encoding: Encoding, reference: number): SmppEncoded {
  if (!Number.isSafeInteger(reference)) throw new Error(`concatenation reference must be an integer, got ${reference}`);
  const { dataCoding, bytes } = ENCODERS[encoding];
  const texts = splitSegments(body, encoding);
  if (texts.length === 1) return { dataCoding, esmClass: 0x00, parts: [bytes(body)] };
  if (texts.length > MAX_PARTS) throw new Error(`a message of ${texts.length} parts cannot be concatenated (at most ${MAX_PARTS})`);
  const ref = reference & 0xff;
  const parts = texts.map((text, index) => {
    const payload = bytes(text);
    const part = new Uint8Array(6 + payload.length);
    part.set([0x05, 0x00, 0x03, ref, texts.length, index + 1]);
    part.set(payload, 6);
    return part;
  });
  return { dataCoding, esmClass: ESM_CLASS_UDHI, parts };
}

/** Separates the user data header (its length byte included) when esm_class says there is one. */
export function stripUdh(bytes: Uint8Array, esmClass: number): { udh: Uint8Array | null; payload: Uint8Array } {
  if ((esmClass & ESM_CLASS_UDHI) === 0) return { udh: null, payload: bytes };
  const length = bytes[0];
  if (length === undefined || 1 + length > bytes.length) {
    throw new Error(`esm_class 0x${esmClass.toString(16)} announces a user data header, but the ${bytes.length}-byte message cannot hold it`);
  }
  return { udh: bytes.subarray(0, 1 + length), payload: bytes.subarray(1 + length) };
}

// Decoding is lenient, as a handset is: what it cannot read becomes U+FFFD rather than an error.
function decodeGsm7(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 1) {
    const value = bytes[i] ?? 0;
    if (value !== ESCAPE) {
      out += GSM7_BASIC_TABLE[value] ?? REPLACEMENT;
      continue;
    }
    i += 1;
    const next = bytes[i];
    if (next === undefined) out += REPLACEMENT;
    // GSM 03.38: an escape before a value the extension table lacks shows the basic character.
    else out += GSM7_EXTENSION_CHARS.get(next) ?? (next === ESCAPE ? REPLACEMENT : (GSM7_BASIC_TABLE[next] ?? REPLACEMENT));
  }
  return out;
}

function decodeSingleByte(bytes: Uint8Array, highest: number): string {
  return Array.from(bytes, (b) => (b <= highest ? String.fromCharCode(b) : REPLACEMENT)).join('');
}

function decodeUcs2(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return bytes.length % 2 === 1 ? out + REPLACEMENT : out;
}

/** The text of a short_message payload (header already stripped) in the codings Ujumbe meets. */
export function decodeForSmpp(bytes: Uint8Array, dataCoding: number): string {
  switch (dataCoding) {
    case DATA_CODING.gsm7:
      return decodeGsm7(bytes);
    case DATA_CODING.ascii:
      return decodeSingleByte(bytes, 0x7f);
    case DATA_CODING.latin1:
      return decodeSingleByte(bytes, 0xff);
    case DATA_CODING.ucs2:
      return decodeUcs2(bytes);
    default:
      throw new Error(`data_coding 0x${dataCoding.toString(16).padStart(2, '0')} is not supported`);
  }
}
