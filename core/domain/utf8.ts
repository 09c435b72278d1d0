// Strict UTF-8 decoding of an upload in chunks, naming the line of the first bad byte.
import { fail, ok, type Result } from './errors.ts';

export interface Utf8Decoder {
  decode(chunk: Uint8Array): Result<string>;
  end(): Result<string>;
}

const NO_BYTES: Uint8Array = new Uint8Array(0);
const LF = 0x0a;

/**
 * Where the sequence starting at `i` ends, after the Unicode table of well-formed byte
 * sequences (which refuses overlong forms, surrogates and code points past U+10FFFF):
 * the index after it, -1 when it is ill-formed, -2 when the bytes run out first.
 */
function sequenceEnd(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return i + 1;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) lo = 0xa0;
    else if (lead === 0xed) hi = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) lo = 0x90;
    else if (lead === 0xf4) hi = 0x8f;
  } else return -1;
  for (let k = 1; k <= need; k += 1) {
    if (i + k >= bytes.length) return -2;
    const next = bytes[i + k]!;
    if (next < lo || next > hi) return -1;
    lo = 0x80;
    hi = 0xbf;
  }
  return i + need + 1;
}

/** Index of the first byte of the first ill-formed sequence; a cut-off last one may yet be completed. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const end = sequenceEnd(bytes, i);
    if (end === -1) return i;
    if (end === -2) return -1;
    i = end;
  }
  return -1;
}

/** The bytes of a character cut off at the end of a valid stream, which the decoder still holds. */
function heldBytes(held: Uint8Array, chunk: Uint8Array): Uint8Array {
  const last = chunk.length >= 3 ? chunk.subarray(chunk.length - 3) : concat(held, chunk).subarray(-3);
  for (let k = last.length - 1; k >= 0; k -= 1) {
    const byte = last[k]!;
    if (byte < 0x80) return NO_BYTES;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return last.length - k < length ? last.slice(k) : NO_BYTES;
    }
  }
  return NO_BYTES;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function countLineFeeds(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i += 1) if (bytes[i] === LF) count += 1;
  return count;
}

function invalidOnLine(line: number): Result<string> {
  return fail('invalid_csv', `The file is not UTF-8: line ${line} has a byte sequence that is not valid UTF-8.`, {
    details: { line },
  });
}

/**
 * A streaming decoder: characters split across chunks come out whole. TextDecoder says
 * only that the bytes are bad, so on failure the bytes it held and the new chunk are
 * validated again to find where. The byte-order mark is left for the CSV reader to drop.
 */
export function createUtf8Decoder(): Utf8Decoder {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let lineFeeds = 0;
  let held = NO_BYTES;
  let failure: Result<string> | undefined;
  let ended = false;

  const counted = (text: string): Result<string> => {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineFeeds += 1;
    return ok(text);
  };

  return {
    decode(chunk) {
      if (ended) throw new Error('decode() called after end()');
      if (failure) return failure;
      try {
        const text = decoder.decode(chunk, { stream: true });
        held = heldBytes(held, chunk);
        return counted(text);
      } catch {
        const bytes = concat(held, chunk);
        const at = firstInvalidByte(bytes);
        failure = invalidOnLine(lineFeeds + countLineFeeds(bytes, at < 0 ? bytes.length : at) + 1);
        return failure;
      }
    },
    end() {
      if (failure) return failure;
      ended = true;
      try {
        return counted(decoder.decode());
      } catch {
        // Only a cut-off character can be left, and it holds no line feed.
        failure = invalidOnLine(lineFeeds + 1);
        return failure;
      }
    },
  };
}
