// The one form of a payment reference that top-up requests are compared by, whoever typed it and how.

/**
 * Characters that never tell two payments apart, removed from the compared form: every dash and hyphen
 * (Unicode's dash punctuation, which holds U+2010..U+2015, U+FE58, U+FE63, U+FF0D and the ASCII hyphen-minus,
 * plus the minus sign U+2212, the hyphen bullet U+2043 and the soft hyphen), every space (White_Space: ASCII
 * and no-break spaces, U+2000..U+200A, U+3000, line separators) and every invisible character
 * (Default_Ignorable_Code_Point: zero-width spaces and joiners, word joiner, byte order mark, variation
 * selectors), which would otherwise make a copy look new while it reads the same.
 */
const FOLDED = /[\p{Dash_Punctuation}\u2212\u2043\u02d7\u2796\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The canonical form of a top-up reference: Unicode NFKC (full-width letters and digits, ligatures and
 * compatibility forms become their plain letters; U+2011 becomes a hyphen), then dashes, spaces and invisible
 * characters removed, then upper case (Unicode's full mapping, the same in every locale), then NFKC again
 * (an upper-case letter may decompose). `nmb‑778 899`, `ＮＭＢ－778899` and `NMB-778899` all become
 * `NMB778899`. Dots, slashes and other punctuation are kept: they may be the only difference between two
 * real references. Letters that merely look alike across scripts (Latin A, Cyrillic А) stay different.
 */
export function topUpReferenceKey(reference: string): string {
  return reference.normalize('NFKC').replace(FOLDED, '').toUpperCase().normalize('NFKC');
}

/** The longest canonical form, in characters: NFKC may lengthen a text (U+FDFA becomes 18 letters). */
export const MAX_TOP_UP_REFERENCE_KEY_LENGTH = 100;

/**
 * A reference names a payment only with at least one letter or digit in its canonical form, and that form is
 * bounded as the text typed is (so that it always fits the unique index).
 */
export function isTopUpReference(reference: string): boolean {
  const key = topUpReferenceKey(reference);
  return LETTER_OR_DIGIT.test(key) && [...key].length <= MAX_TOP_UP_REFERENCE_KEY_LENGTH;
}
