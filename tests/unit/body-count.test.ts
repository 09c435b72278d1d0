// The live count of a body (core/domain/body-count.ts): the send's own analysis where it accepts the body, and a count that keeps up
// where it refuses one (too long, too many segments, characters the ascii route refuses).
import { describe, expect, it } from 'vitest';
import { countBody as count } from '../../core/domain/body-count.ts';
import { analyzeBody, countSegments, type SmsRoute } from '../../core/domain/segments.ts';
import { unwrap } from '../../core/domain/errors.ts';

const countBody = (body: string, route: SmsRoute) => unwrap(count(body, route));

const a = (n: number) => 'a'.repeat(n);
const w = (n: number) => 'ŵ'.repeat(n); // outside GSM, one UTF-16 code unit
const emoji = '😀'; // two UTF-16 code units

describe('countBody', () => {
  it.each([
    ['one GSM character', a(1), 'gsm0338', 'gsm7', 1, 159],
    ['a full GSM segment', a(160), 'gsm0338', 'gsm7', 1, 0],
    ['GSM split', a(161), 'gsm0338', 'gsm7', 2, 153 * 2 - 161],
    ['extension characters count two', '€'.repeat(80), 'gsm0338', 'gsm7', 1, 0],
    ['an escape pair never split', `${a(159)}€`, 'gsm0338', 'gsm7', 2, 153 - 8],
    ['a full UCS-2 segment', w(70), 'gsm0338', 'ucs2', 1, 0],
    ['UCS-2 split', w(71), 'gsm0338', 'ucs2', 2, 67 * 2 - 71],
    ['an emoji takes two units', `${w(66)}${emoji}`, 'gsm0338', 'ucs2', 1, 2],
    ['a surrogate pair never split', `${w(69)}${emoji}`, 'gsm0338', 'ucs2', 2, 63],
    ['ascii counts characters', a(161), 'ascii', 'ascii', 2, 145],
  ] as const)('%s', (_, body, route, encoding, segments, left) => {
    const count = countBody(body, route);
    expect({ encoding: count.encoding, segments: count.segments, left: count.left_in_segment }).toEqual({ encoding, segments, left });
  });

  it('agrees with the send wherever the send accepts the body', () => {
    const bodies = ['Habari', `${a(152)}€€`, `Karibu ${emoji}`, w(134), w(135), 'e\u0301', 'line\nbreak\r\n', a(1530), w(670)];
    for (const route of ['gsm0338', 'ascii'] as SmsRoute[]) {
      for (const body of bodies) {
        const sent = analyzeBody(body, route);
        if (!sent.ok) continue;
        const count = countBody(body, route);
        expect({ encoding: count.encoding, segments: count.segments, characters: count.characters, refusal: count.refusal }).toEqual({
          encoding: sent.value.encoding, segments: sent.value.segments, characters: sent.value.characters, refusal: null,
        });
      }
    }
  });

  it('the room left is exactly what fits: one more unit starts a new segment', () => {
    for (const [body, filler, route] of [[a(37), 'a', 'gsm0338'], [a(300), 'a', 'gsm0338'], [`x${w(40)}`, 'ŵ', 'gsm0338'], [`${emoji}${w(100)}`, 'ŵ', 'gsm0338'], [a(200), 'a', 'ascii']] as const) {
      const { left_in_segment: left, segments, encoding } = countBody(body, route);
      expect(countSegments(body + filler.repeat(left), encoding)).toBe(segments);
      expect(countSegments(body + filler.repeat(left + 1), encoding)).toBe(segments + 1);
    }
  });

  it('names every character that makes the body UCS-2, by position in code points', () => {
    expect(countBody(`ŵa${emoji}ŵ`, 'gsm0338').ucs2_characters).toEqual([
      { character: 'ŵ', codepoint: 'U+0175', position: 0 },
      { character: emoji, codepoint: 'U+1F600', position: 2 },
      { character: 'ŵ', codepoint: 'U+0175', position: 3 },
    ]);
    expect(countBody('Habari', 'gsm0338').ucs2_characters).toEqual([]);
  });

  it("on the ascii route lists the refused characters as the send's refusal does, and counts each as one", () => {
    const count = countBody('café\r\n', 'ascii');
    const sent = analyzeBody('café\r\n', 'ascii');
    expect(sent.ok).toBe(false);
    expect(count.refusal).toMatchObject({ code: 'encoding_not_supported', field: 'body' });
    expect(count.refused_characters).toEqual(!sent.ok && sent.error.details?.characters);
    expect(count.refused_characters.map((c) => c.position)).toEqual([3, 4]);
    expect(count).toMatchObject({ encoding: 'ascii', characters: 6, segments: 1, left_in_segment: 154, ucs2_characters: [] });
  });

  it('keeps counting past the limits, with the refusal the send gives', () => {
    expect(countBody(a(1601), 'gsm0338')).toMatchObject({ characters: 1601, segments: 11, refusal: { code: 'validation_failed', field: 'body', details: { max: 1600 } } });
    expect(countBody(w(671), 'gsm0338')).toMatchObject({ encoding: 'ucs2', segments: 11, refusal: { code: 'too_many_segments', details: { segments: 11 } } });
    expect(countBody(`${a(1000)}${w(600)}`, 'gsm0338')).toMatchObject({ encoding: 'ucs2', characters: 1600, refusal: { code: 'too_many_segments' } });
  });

  it('refuses a control character as the send does', () => {
    const refused = count('Habari \u0085', 'gsm0338');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'validation_failed', field: 'body', details: { codepoint: 'U+0085', position: 7 } });
    expect(refused).toEqual(analyzeBody('Habari \u0085', 'gsm0338'));
  });
});
