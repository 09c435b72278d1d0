// Body checks, encoding choice and segment counting on both SMS routes.
import { describe, expect, it } from 'vitest';
import {
  analyzeBody,
  countSegments,
  gsm7Septets,
  MAX_BODY_CHARS,
  MAX_SEGMENTS,
  splitSegments,
  type SmsRoute,
} from '../../core/domain/segments.ts';

const a = (n: number) => 'a'.repeat(n);
const e = (n: number) => 'é'.repeat(n); // in the GSM basic set
const sw = (n: number) => 'ŵ'.repeat(n); // outside GSM, inside the BMP
const emoji = '😀'; // two UTF-16 code units

function analyzed(raw: string, route: SmsRoute = 'gsm0338') {
  const result = analyzeBody(raw, route);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

function refused(raw: string, route: SmsRoute = 'gsm0338') {
  const result = analyzeBody(raw, route);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('segment boundaries', () => {
  it.each([
    ['gsm7 1', a(1), 'gsm7', 1],
    ['gsm7 160', a(160), 'gsm7', 1],
    ['gsm7 161', a(161), 'gsm7', 2],
    ['gsm7 306', a(306), 'gsm7', 2],
    ['gsm7 307', a(307), 'gsm7', 3],
    ['gsm7 1530', a(1530), 'gsm7', 10],
    ['gsm7 basic accented 161', e(161), 'gsm7', 2],
    ['gsm7 CR and LF count one', 'a\r\n' + a(157), 'gsm7', 1],
    ['extension 80 euro = 160 septets', '€'.repeat(80), 'gsm7', 1],
    ['extension 80 euro + 1', '€'.repeat(80) + 'a', 'gsm7', 2],
    ['form feed counts two', '\f' + a(159), 'gsm7', 2],
    ['euro straddling 153 moves to the next part', a(152) + '€' + a(151), 'gsm7', 2],
    // 306 septets would fit two full parts, but the pushed escape pair leaves a gap.
    ['euro straddling, 306 septets need three parts', a(152) + '€' + a(152), 'gsm7', 3],
    ['euro at the end of a full part', a(151) + '€' + a(153), 'gsm7', 2],
    ['ucs2 70', sw(70), 'ucs2', 1],
    ['ucs2 71', sw(71), 'ucs2', 2],
    ['ucs2 134', sw(134), 'ucs2', 2],
    ['ucs2 135', sw(135), 'ucs2', 3],
    ['ucs2 670', sw(670), 'ucs2', 10],
    ['one non-GSM char makes it ucs2', a(69) + 'ŵ', 'ucs2', 1],
    ['35 emoji = 70 units', emoji.repeat(35), 'ucs2', 1],
    ['emoji straddling 67 moves to the next part', a(66) + emoji + a(65), 'ucs2', 2],
    // 134 units would fit two full parts, but the pushed surrogate pair leaves a gap.
    ['emoji straddling, 134 units need three parts', a(66) + emoji + a(66), 'ucs2', 3],
    ['emoji at the end of a full part', a(65) + emoji + a(67), 'ucs2', 2],
  ])('%s', (_label, body, encoding, segments) => {
    const value = analyzed(body);
    expect(value.encoding).toBe(encoding);
    expect(value.segments).toBe(segments);
  });

  it.each([
    ['gsm7 1531', a(1531), 'gsm0338', 11],
    ['ucs2 671', sw(671), 'gsm0338', 11],
    // 765 euro signs are 1530 septets, yet only 76 pairs fit a part.
    ['extension characters push past 10', '€'.repeat(765), 'gsm0338', 11],
    ['ascii 1531', a(1531), 'ascii', 11],
  ] as const)('%s is too_many_segments', (_label, body, route, segments) => {
    const error = refused(body, route);
    expect(error.code).toBe('too_many_segments');
    expect(error.field).toBe('body');
    expect(error.details).toEqual({ segments, max: MAX_SEGMENTS });
  });
});

describe('splitSegments never splits an escape pair or a surrogate pair', () => {
  it.each([
    ['escape pair', a(152) + '€' + a(10), 'gsm7', [a(152), '€' + a(10)]],
    ['surrogate pair', a(66) + emoji + a(10), 'ucs2', [a(66), emoji + a(10)]],
    ['single segment stays whole', a(160), 'gsm7', [a(160)]],
  ] as const)('%s', (_label, body, encoding, parts) => {
    expect(splitSegments(body, encoding)).toEqual(parts);
    expect(countSegments(body, encoding)).toBe(parts.length);
  });
});

describe('gsm7Septets', () => {
  it.each([
    ['a', 1], ['@', 1], ['£', 1], ['\n', 1], ['\r', 1], ['Ç', 1], ['Δ', 1], ['à', 1],
    ['€', 2], ['\f', 2], ['^', 2], ['{', 2], ['}', 2], ['\\', 2], ['[', 2], ['~', 2], [']', 2], ['|', 2],
    ['ç', null], ['`', null], ['ŵ', null], [emoji, null], ['’', null],
  ])('%j -> %j', (char, septets) => {
    expect(gsm7Septets(char)).toBe(septets);
  });
});

describe('normalization and counting', () => {
  it('composes to NFC before counting', () => {
    const value = analyzed('caf' + 'e\u0301');
    expect(value).toEqual({ body: 'café', encoding: 'gsm7', segments: 1, characters: 4 });
  });

  it('counts characters as code points', () => {
    expect(analyzed('a' + emoji).characters).toBe(2);
  });

  it.each([
    ['exactly the limit', a(MAX_BODY_CHARS), 'gsm0338', 'too_many_segments'],
    ['one over the limit', a(MAX_BODY_CHARS + 1), 'gsm0338', 'validation_failed'],
    ['emoji over the limit counted by code point', emoji.repeat(MAX_BODY_CHARS + 1), 'gsm0338', 'validation_failed'],
    ['length comes before ascii refusal', 'é'.repeat(MAX_BODY_CHARS + 1), 'ascii', 'validation_failed'],
  ] as const)('%s', (_label, body, route, code) => {
    expect(refused(body, route).code).toBe(code);
  });

  it('1600 emoji pass the length check (code points) and fail on segments', () => {
    expect(refused(emoji.repeat(800)).code).toBe('too_many_segments');
  });

  it('refuses an empty body', () => {
    const error = refused('');
    expect([error.code, error.field]).toEqual(['validation_failed', 'body']);
  });
});

describe('control characters', () => {
  it.each([
    ['NUL', 'ab\u0000', 'U+0000', 2],
    ['BEL', '\u0007x', 'U+0007', 0],
    ['ESC', 'x\u001b(', 'U+001B', 1],
    ['TAB', 'a\tb', 'U+0009', 1],
    ['VT', 'a\u000bb', 'U+000B', 1],
    ['DEL', 'a\u007f', 'U+007F', 1],
    ['C1 NEL', 'a\u0085', 'U+0085', 1],
    ['C1 U+009F', '\u009f', 'U+009F', 0],
    ['position counts code points', emoji + emoji + '\u0007', 'U+0007', 2],
    ['lone surrogate', 'ab\ud800', 'U+D800', 2],
  ])('%s is refused', (_label, body, codepoint, position) => {
    for (const route of ['gsm0338', 'ascii'] as const) {
      const error = refused(body, route);
      expect(error.code).toBe('validation_failed');
      expect(error.field).toBe('body');
      expect(error.message).toContain(codepoint);
      expect(error.message).toContain(`position ${position}`);
      expect(error.details).toEqual({ codepoint, position });
    }
  });

  it.each([
    ['LF', 'a\nb', 'gsm7'],
    ['CR', 'a\rb', 'gsm7'],
    ['FF', 'a\fb', 'gsm7'],
    ['zero-width space is not a control', 'a\u200bb', 'ucs2'],
  ])('%s is accepted on gsm0338', (_label, body, encoding) => {
    expect(analyzed(body).encoding).toBe(encoding);
  });
});

describe('ascii route', () => {
  it.each([
    ['printable ASCII', ' !~Hello {world} [1] | \\ ^ ` \n', 1],
    ['160 characters', a(160), 1],
    ['161 characters', a(161), 2],
    ['extension characters count one', '{'.repeat(160), 1],
    ['306 characters', a(306), 2],
    ['307 characters', a(307), 3],
    ['1530 characters', a(1530), 10],
  ])('%s', (_label, body, segments) => {
    const value = analyzed(body, 'ascii');
    expect([value.encoding, value.segments]).toEqual(['ascii', segments]);
  });

  it.each([
    ['curly quotes', 'He said “hi”', [['“', 'U+201C', 8], ['”', 'U+201D', 11]]],
    ['en dash', '9–5', [['–', 'U+2013', 1]]],
    ['emoji, position in code points', 'a😀b😀', [['😀', 'U+1F600', 1], ['😀', 'U+1F600', 3]]],
    ['pound sign', '£5', [['£', 'U+00A3', 0]]],
    ['accented letter after NFC', 'cafe\u0301!', [['é', 'U+00E9', 3]]],
    ['carriage return', 'a\r\nb', [['\r', 'U+000D', 1]]],
    ['form feed', '\f', [['\f', 'U+000C', 0]]],
    ['every occurrence listed', 'ééé', [['é', 'U+00E9', 0], ['é', 'U+00E9', 1], ['é', 'U+00E9', 2]]],
  ] as const)('refuses %s', (_label, body, expected) => {
    const error = refused(body, 'ascii');
    expect(error.code).toBe('encoding_not_supported');
    expect(error.field).toBe('body');
    const characters = expected.map(([character, codepoint, position]) => ({ character, codepoint, position }));
    expect(error.details).toEqual({ characters });
  });
});
