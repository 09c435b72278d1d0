// Strict streaming UTF-8 decoding of uploads: split characters, refused bytes and the line named.
import { describe, expect, it } from 'vitest';
import { createUtf8Decoder } from '../../core/domain/utf8.ts';

type Outcome = { text: string } | { code: string; message: string; details: unknown };

const encode = (text: string): number[] => [...new TextEncoder().encode(text)];

function decodeChunks(chunks: readonly Uint8Array[]): Outcome {
  const decoder = createUtf8Decoder();
  let text = '';
  for (const chunk of chunks) {
    const result = decoder.decode(chunk);
    if (!result.ok) return { code: result.error.code, message: result.error.message, details: result.error.details };
    text += result.value;
  }
  const last = decoder.end();
  if (!last.ok) return { code: last.error.code, message: last.error.message, details: last.error.details };
  return { text: text + last.value };
}

/** Whole, a byte at a time, and every cut in two: all must agree. */
function chunkings(bytes: readonly number[]): Uint8Array[][] {
  const all = Uint8Array.from(bytes);
  const ways = [[all], bytes.map((b) => Uint8Array.of(b))];
  for (let cut = 0; cut <= all.length; cut += 1) ways.push([all.slice(0, cut), all.slice(cut)]);
  return ways;
}

function decodeEveryWay(bytes: readonly number[]): Outcome {
  const outcomes = chunkings(bytes).map(decodeChunks);
  for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
  return outcomes[0] as Outcome;
}

const refused = (line: number): Outcome => ({
  code: 'invalid_csv',
  message: `The file is not UTF-8: line ${line} has a byte sequence that is not valid UTF-8.`,
  details: { line },
});

describe('createUtf8Decoder', () => {
  const texts = [
    ['two-byte characters', 'name,jina\nÜrün,ñandú\n'],
    ['three-byte characters', 'jina\n€ 中文 ₮\n'],
    ['four-byte characters', 'emoji\n😀🇹🇿 𝄞\n'],
    ['a mixture at the very end', 'a\nü€😀'],
    ['the largest code points of each length', '\u007f\u07ff\uffff\u{10ffff}'],
    ['a byte-order mark, which is kept', '\ufeffname\n'],
  ];
  it.each(texts)('decodes %s split at every byte offset', (_name, text) => {
    expect(decodeEveryWay(encode(text))).toEqual({ text });
  });

  it('decodes the largest non-surrogate before the surrogates (ED 9F BF)', () => {
    expect(decodeEveryWay([0xed, 0x9f, 0xbf])).toEqual({ text: '\ud7ff' });
  });

  it('decodes an empty upload to nothing', () => {
    expect(decodeChunks([])).toEqual({ text: '' });
  });

  const a = encode('a,b\n');
  const twoLines = encode('h\nx\n');
  const invalid: Array<[string, number[], number]> = [
    ['an invalid byte on line 1', [0x61, 0xff, 0x62], 1],
    ['an invalid byte on line 3', [...twoLines, 0x61, 0xfe], 3],
    ['a byte that never starts a sequence (F5)', [...a, 0xf5, 0x80, 0x80, 0x80], 2],
    ['a lone continuation byte', [0x80], 1],
    ['a lone continuation byte on line 3', [...twoLines, 0xbf, 0x0a], 3],
    ['a continuation byte after a complete character', [...encode('é'), 0xa9], 1],
    ['an overlong two-byte form of NUL (C0 80)', [0xc0, 0x80], 1],
    ['an overlong two-byte form (C1 BF)', [...a, 0xc1, 0xbf], 2],
    ['an overlong three-byte form (E0 80 80)', [0xe0, 0x80, 0x80], 1],
    ['an overlong three-byte slash (E0 80 AF)', [...twoLines, 0xe0, 0x80, 0xaf], 3],
    ['an overlong four-byte form (F0 80 80 80)', [0xf0, 0x80, 0x80, 0x80], 1],
    ['an overlong four-byte form (F0 8F BF BF)', [...a, 0xf0, 0x8f, 0xbf, 0xbf], 2],
    ['a high surrogate (ED A0 80)', [0xed, 0xa0, 0x80], 1],
    ['a low surrogate (ED BF BF) on line 3', [...twoLines, 0xed, 0xbf, 0xbf], 3],
    ['a surrogate pair encoded as two sequences', [...a, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], 2],
    ['a code point past U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80], 1],
    ['a sequence cut short by ASCII', [0xe2, 0x82, 0x41], 1],
    ['a sequence cut short by a line feed', [...a, 0xe2, 0x82, 0x0a, 0x41], 2],
    ['a truncated two-byte sequence at the end', [...encode('abc'), 0xc3], 1],
    ['a truncated four-byte sequence at the end of line 2', [...encode('a\nb'), 0xf0, 0x9f, 0x98], 2],
    ['a truncated sequence after a final line feed', [...twoLines, 0xe2, 0x82], 3],
  ];
  it.each(invalid)('refuses %s, naming its line', (_name, bytes, line) => {
    expect(decodeEveryWay(bytes)).toEqual(refused(line));
  });

  it('keeps refusing after the first bad byte', () => {
    const decoder = createUtf8Decoder();
    expect(decoder.decode(Uint8Array.of(0x61, 0x0a)).ok).toBe(true);
    const first = decoder.decode(Uint8Array.of(0xff));
    expect(first.ok).toBe(false);
    expect(decoder.decode(Uint8Array.of(0x61))).toBe(first);
    expect(decoder.end()).toBe(first);
  });

  it('counts lines across many chunks before the bad byte', () => {
    const bytes = [...encode('h\n'.repeat(1000)), ...encode('ñ'), 0xc3];
    expect(decodeChunks([Uint8Array.from(bytes.slice(0, 777)), Uint8Array.from(bytes.slice(777))])).toEqual(refused(1001));
  });
});
