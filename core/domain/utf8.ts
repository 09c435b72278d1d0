// Strict UTF-8 decoding of an upload in chunks, naming the line of the first bad byte.
import { fail, ok, type Result } from './errors.ts';

export interface Utf8Decoder {
  decode(chunk: Uint8Array): Result<string>;
  end(): Result<string>;
}

const LF = 0x0a;
/** The longest UTF-8 sequence less one: what a decoder can still hold of a character cut by a chunk's end. */
const HELD_MAX = 3;

function invalidOnLine(line: number): Result<string> {
  return fail('invalid_csv', `The file is not UTF-8: line ${line} has a byte sequence that is not valid UTF-8.`, {
    details: { line },
  });
}

const isContinuation = (byte: number): boolean => (byte & 0xc0) === 0x80;

function refuses(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: true });
    return false;
  } catch {
    return true;
  }
}

/**
 * The line of the first bad byte in `tail` (the end of the stream before `chunk`, already decoded or
 * held) and `chunk`, found by TextDecoder's own table: a fresh streaming decoder refuses a prefix
 * once it holds an ill-formed sequence, and every longer one after, so the shortest refused prefix
 * ends at the byte that makes the text ill-formed (a binary search, natively decoded). The other
 * bytes of that sequence are never a line feed, so its line is that byte's. The tail is read from
 * its first byte that starts a character (the stream so far was well formed), and its line feeds
 * were counted already.
 */
function lineOfBadByte(tail: Uint8Array, chunk: Uint8Array, lineFeeds: number): number {
  const from = tail.findIndex((byte) => !isContinuation(byte));
  const held = tail.subarray(from < 0 ? tail.length : from);
  const bytes = new Uint8Array(held.length + chunk.length);
  bytes.set(held);
  bytes.set(chunk, held.length);
  let accepted = 0;
  let refused = bytes.length;
  while (refused - accepted > 1) {
    const middle = (accepted + refused) >>> 1;
    if (refuses(bytes.subarray(0, middle))) refused = middle;
    else accepted = middle;
  }
  let line = lineFeeds + 1;
  for (let i = held.length; i < refused - 1; i += 1) if (bytes[i] === LF) line += 1;
  return line;
}

/** The last bytes of the stream after `chunk`: enough to hold any character cut off at its end. */
function lastBytes(tail: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.length >= HELD_MAX) return chunk.slice(chunk.length - HELD_MAX);
  return Uint8Array.from([...tail, ...chunk].slice(-HELD_MAX));
}

/**
 * A streaming decoder: characters split across chunks come out whole. TextDecoder says only that
 * the bytes are bad, so on failure prefixes of them are decoded again to find where. The
 * byte-order mark is left for the CSV reader to drop.
 */
export function createUtf8Decoder(): Utf8Decoder {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let lineFeeds = 0;
  let tail: Uint8Array = new Uint8Array(0);
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
        tail = lastBytes(tail, chunk);
        return counted(text);
      } catch {
        failure = invalidOnLine(lineOfBadByte(tail, chunk, lineFeeds));
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
