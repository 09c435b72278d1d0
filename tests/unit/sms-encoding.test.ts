// The short_message bytes of each submit_sm, their concatenation headers, and decoding them back.
import { describe, expect, it } from 'vitest';
import { GSM7_BASIC_TABLE, GSM7_EXTENSION_TABLE, splitSegments, type Encoding } from '../../core/domain/segments.ts';
import { decodeForSmpp, encodeForSmpp, gsm7Bytes, stripUdh } from '../../core/domain/sms-encoding.ts';

const a = (n: number) => 'a'.repeat(n);
const emoji = '😀'; // U+1F600, the surrogate pair D83D DE00
const bytes = (...values: number[]) => Uint8Array.from(values);

function decodedParts(body: string, encoding: Encoding, reference = 0): string[] {
  const { dataCoding, esmClass, parts } = encodeForSmpp(body, encoding, reference);
  return parts.map((part) => decodeForSmpp(stripUdh(part, esmClass).payload, dataCoding));
}

describe('gsm7Bytes', () => {
  const basic = Array.from(GSM7_BASIC_TABLE, (char, value) => ({ char, value })).filter(({ value }) => value !== 0x1b);

  it('covers the 127 basic characters (the escape is not one)', () => {
    expect(basic).toHaveLength(127);
  });

  it.each(basic)('basic $value round-trips', ({ char, value }) => {
    expect(gsm7Bytes(char)).toEqual(bytes(value));
    expect(decodeForSmpp(bytes(value), 0x00)).toBe(char);
  });

  it.each(Array.from(GSM7_EXTENSION_TABLE, ([char, value]) => ({ char, value })))(
    'extension $value is an escape pair and round-trips',
    ({ char, value }) => {
      expect(gsm7Bytes(char)).toEqual(bytes(0x1b, value));
      expect(decodeForSmpp(bytes(0x1b, value), 0x00)).toBe(char);
    },
  );

  it('writes € and ^{}[]~|\\ as escape pairs', () => {
    const body = '€^{}[]~|\\';
    const { dataCoding, esmClass, parts } = encodeForSmpp(body, 'gsm7', 0);
    expect({ dataCoding, esmClass }).toEqual({ dataCoding: 0x00, esmClass: 0x00 });
    expect(parts).toEqual([
      bytes(0x1b, 0x65, 0x1b, 0x14, 0x1b, 0x28, 0x1b, 0x29, 0x1b, 0x3c, 0x1b, 0x3e, 0x1b, 0x3d, 0x1b, 0x40, 0x1b, 0x2f),
    ]);
    expect(decodeForSmpp(parts[0]!, dataCoding)).toBe(body);
  });

  it('writes a Swahili sentence with accents and line breaks septet by septet', () => {
    expect(gsm7Bytes('Asante @ 5$\nÉ')).toEqual(bytes(0x41, 0x73, 0x61, 0x6e, 0x74, 0x65, 0x20, 0x00, 0x20, 0x35, 0x02, 0x0a, 0x1f));
  });

  it.each([
    ['a character outside GSM 03.38', 'ŵ'],
    ['an emoji', emoji],
    ['the bare escape', '\u001b'],
  ])('throws on %s', (_label, text) => {
    expect(() => gsm7Bytes(`ok ${text}`)).toThrow(/GSM-7 cannot carry U\+/);
  });
});

describe('encodeForSmpp', () => {
  it('sends UCS-2 as UTF-16 big-endian with data_coding 0x08', () => {
    const { dataCoding, esmClass, parts } = encodeForSmpp(`ŵ${emoji}`, 'ucs2', 0);
    expect({ dataCoding, esmClass }).toEqual({ dataCoding: 0x08, esmClass: 0x00 });
    expect(parts).toEqual([bytes(0x01, 0x75, 0xd8, 0x3d, 0xde, 0x00)]);
  });

  it('keeps a surrogate pair whole in one part', () => {
    const body = a(66) + emoji + a(65);
    const { parts } = encodeForSmpp(body, 'ucs2', 0);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.length).toBe(6 + 66 * 2);
    expect(Array.from(parts[1]!.subarray(6, 10))).toEqual([0xd8, 0x3d, 0xde, 0x00]);
    expect(decodedParts(body, 'ucs2')).toEqual([a(66), emoji + a(65)]);
  });

  it('sends the ascii route as IA5 with data_coding 0x01', () => {
    const body = 'Code: 4821\nUjumbe ~{}';
    const { dataCoding, esmClass, parts } = encodeForSmpp(body, 'ascii', 0);
    expect({ dataCoding, esmClass }).toEqual({ dataCoding: 0x01, esmClass: 0x00 });
    expect(parts).toEqual([new TextEncoder().encode(body)]);
    expect(decodeForSmpp(parts[0]!, dataCoding)).toBe(body);
  });

  it('refuses a non-ASCII character on the ascii route', () => {
    expect(() => encodeForSmpp('café', 'ascii', 0)).toThrow(/ASCII route cannot carry U\+00E9/);
  });

  it('sends one part without a header when the body fits one segment', () => {
    for (const [body, encoding] of [[a(160), 'gsm7'], ['ŵ'.repeat(70), 'ucs2'], [a(160), 'ascii']] as const) {
      const { esmClass, parts } = encodeForSmpp(body, encoding, 9);
      expect(esmClass).toBe(0x00);
      expect(parts).toHaveLength(1);
      expect(parts[0]!.length).toBe(encoding === 'ucs2' ? 140 : 160);
    }
  });

  it('prefixes both parts of a 2-part message with the concatenation header', () => {
    const { esmClass, parts } = encodeForSmpp(a(161), 'gsm7', 7);
    expect(esmClass).toBe(0x40);
    expect(parts.map((p) => Array.from(p.subarray(0, 6)))).toEqual([
      [0x05, 0x00, 0x03, 0x07, 0x02, 0x01],
      [0x05, 0x00, 0x03, 0x07, 0x02, 0x02],
    ]);
    expect(parts.map((p) => p.length)).toEqual([6 + 153, 6 + 8]);
  });

  it('numbers the parts of a 10-part message from 1 to 10', () => {
    const { esmClass, parts } = encodeForSmpp(a(1530), 'gsm7', 0xab);
    expect(esmClass).toBe(0x40);
    expect(parts.map((p) => Array.from(p.subarray(0, 6)))).toEqual(
      Array.from({ length: 10 }, (_, i) => [0x05, 0x00, 0x03, 0xab, 0x0a, i + 1]),
    );
  });

  it.each([
    [0, 0x00],
    [255, 0xff],
    [256, 0x00],
    [257, 0x01],
    [511, 0xff],
    [70_000, 0x70],
  ])('wraps reference %i to the byte %i', (reference, byte) => {
    const { parts } = encodeForSmpp(a(200), 'gsm7', reference);
    expect(parts.map((p) => p[3])).toEqual([byte, byte]);
  });

  it('throws on a reference that is not an integer', () => {
    expect(() => encodeForSmpp(a(200), 'gsm7', Number.NaN)).toThrow(/reference/);
  });

  it('throws on a message of more than 255 parts', () => {
    expect(() => encodeForSmpp(a(255 * 153), 'gsm7', 0)).not.toThrow();
    expect(() => encodeForSmpp(a(255 * 153 + 1), 'gsm7', 0)).toThrow(/256 parts/);
  });

  const longBodies: Array<[string, string, Encoding]> = [
    ['gsm7 with escape pairs on the boundaries', a(152) + '€' + a(151) + '[]'.repeat(120), 'gsm7'],
    ['gsm7 of accented letters and line breaks', 'Karibu Ñairobi é ù\r\n'.repeat(60), 'gsm7'],
    ['ucs2 with emoji on the boundaries', a(66) + emoji + a(66) + `Habari ${emoji}ŵ `.repeat(40), 'ucs2'],
    ['ucs2 of emoji only', emoji.repeat(300), 'ucs2'],
    ['ascii', 'Order 1234 is ready.\n'.repeat(50), 'ascii'],
  ];

  it.each(longBodies)('%s: payloads stay within 153 septets / 134 bytes', (_label, body, encoding) => {
    const { esmClass, parts } = encodeForSmpp(body, encoding, 0);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      const { payload } = stripUdh(part, esmClass);
      expect(payload.length).toBeLessThanOrEqual(encoding === 'ucs2' ? 134 : 153);
    }
  });

  it.each(longBodies)('%s: the decoded parts join to the body', (_label, body, encoding) => {
    const decoded = decodedParts(body, encoding, 300);
    expect(decoded).toEqual(splitSegments(body, encoding));
    expect(decoded.join('')).toBe(body);
  });
});

describe('stripUdh', () => {
  it('returns the whole message when esm_class has no UDHI', () => {
    const message = bytes(0x05, 0x00, 0x03, 0x01, 0x02, 0x01, 0x41);
    expect(stripUdh(message, 0x00)).toEqual({ udh: null, payload: message });
  });

  it('separates the header, its length byte included', () => {
    const { udh, payload } = stripUdh(bytes(0x05, 0x00, 0x03, 0x01, 0x02, 0x01, 0x41, 0x42), 0x40);
    expect(udh).toEqual(bytes(0x05, 0x00, 0x03, 0x01, 0x02, 0x01));
    expect(payload).toEqual(bytes(0x41, 0x42));
  });

  it.each([[bytes()], [bytes(0x05, 0x00, 0x03)]])('throws when the header cannot fit (%o)', (message) => {
    expect(() => stripUdh(message, 0x40)).toThrow(/user data header/);
  });
});

describe('decodeForSmpp', () => {
  it.each([
    ['Latin-1', bytes(0x63, 0x61, 0x66, 0xe9), 0x03, 'café'],
    ['ASCII with a high byte', bytes(0x61, 0xe9), 0x01, 'a\uFFFD'],
    ['GSM with a septet above 0x7F', bytes(0x41, 0x80), 0x00, 'A\uFFFD'],
    ['GSM with a trailing escape', bytes(0x41, 0x1b), 0x00, 'A\uFFFD'],
    ['GSM with an escape before a value the extension table lacks', bytes(0x1b, 0x41), 0x00, 'A'],
    ['UCS-2 with an odd byte left over', bytes(0x00, 0x41, 0x00), 0x08, 'A\uFFFD'],
  ])('%s', (_label, input, dataCoding, text) => {
    expect(decodeForSmpp(input, dataCoding)).toBe(text);
  });

  it('throws on a data_coding it does not know', () => {
    expect(() => decodeForSmpp(bytes(0x41), 0x04)).toThrow(/data_coding 0x04/);
  });
});
