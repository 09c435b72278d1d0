import { describe, expect, it } from 'vitest';
import { MAX_TOP_UP_REFERENCE_KEY_LENGTH, isTopUpReference, topUpReferenceKey } from '../../core/domain/top-up-reference.ts';

describe('topUpReferenceKey', () => {
  it.each([
    ['ASCII hyphens', 'NMB-778899'],
    ['lower case', 'nmb-778899'],
    ['non-breaking hyphens (U+2011)', 'NMB\u2011778899'],
    ['the hyphen U+2010', 'NMB\u2010778899'],
    ['figure, en, em dashes and the horizontal bar (U+2012..U+2015)', 'N\u2012M\u2013B\u2014778\u2015899'],
    ['the minus sign (U+2212)', 'NMB\u2212778899'],
    ['small em dash and small hyphen-minus (U+FE58, U+FE63)', 'NMB\uFE58\uFE63778899'],
    ['the full-width hyphen-minus (U+FF0D)', 'NMB\uFF0D778899'],
    ['superscript and modifier minus (U+207B, U+02D7)', 'NMB\u207B\u02D7778899'],
    ['a soft hyphen', 'NMB\u00AD778899'],
    ['full-width letters and digits', '\uFF2E\uFF2D\uFF22\uFF0D\uFF17\uFF17\uFF18\uFF18\uFF19\uFF19'],
    ['spaces of every kind', ' N M B\u00A0778\u2007899\u3000\t'],
    ['zero-width spaces, joiners and a byte order mark', 'NMB\u200B\u200D\u2060\uFEFF778899'],
    ['no separator at all', 'nmb778899'],
  ])('%s: NMB778899', (_label, reference) => {
    expect(topUpReferenceKey(reference)).toBe('NMB778899');
  });

  it.each([
    ['dots and slashes are kept', 'mp240611.1234/a', 'MP240611.1234/A'],
    ['a ligature becomes its letters', '\uFB01-12', 'FI12'],
    ['sharp s becomes SS (full case mapping)', 'straße-1', 'STRASSE1'],
    ['an upper-cased letter is composed again', '\u0390', '\u03AA\u0301'],
    ['already canonical', 'CRDB12', 'CRDB12'],
  ])('%s', (_label, reference, key) => {
    expect(topUpReferenceKey(reference)).toBe(key);
  });

  it('is idempotent: the canonical form is its own canonical form', () => {
    for (const reference of ['nmb\u2011778 899', '\uFB01\u0390ß', 'Ｍ-Pesa ＱＸ12', 'İstanbul-1']) {
      const key = topUpReferenceKey(reference);
      expect(topUpReferenceKey(key)).toBe(key);
    }
  });

  it('keeps apart what differs by more than dashes, spaces and case', () => {
    expect(topUpReferenceKey('NMB-778899')).not.toBe(topUpReferenceKey('NMB-778898'));
    expect(topUpReferenceKey('NMB.778899')).not.toBe(topUpReferenceKey('NMB778899'));
    // Letters of another script that look alike are another reference (a known limit, see
    // docs/decisions/0151-top-up-references-across-organizations.md).
    expect(topUpReferenceKey('\u041D\u041C\u0412778899')).not.toBe('NMB778899');
  });
});

describe('isTopUpReference', () => {
  it.each([
    ['NMB-778899', true],
    ['7', true],
    ['Ä', true],
    ['---', false],
    ['\u2011\u2011', false],
    ['\u200B', false],
    ['./', false],
    ['R'.repeat(100), true],
    // 10 characters typed, 180 once NFKC spells each out.
    ['\uFDFA'.repeat(10), false],
  ])('%j: %s', (reference, expected) => {
    expect(isTopUpReference(reference)).toBe(expected);
  });

  it('bounds the canonical form by characters, not UTF-16 units', () => {
    expect(isTopUpReference('\u{20000}'.repeat(MAX_TOP_UP_REFERENCE_KEY_LENGTH))).toBe(true);
    expect(isTopUpReference('7'.repeat(MAX_TOP_UP_REFERENCE_KEY_LENGTH + 1))).toBe(false);
  });
});
