// Message body analysis: normalization, character checks, encoding choice and segment counts per SMS route.
import { fail, ok, type Result } from './errors.ts';

export type SmsRoute = 'gsm0338' | 'ascii';
export type Encoding = 'gsm7' | 'ucs2' | 'ascii';

export interface BodyAnalysis {
  body: string;
  encoding: Encoding;
  segments: number;
  characters: number;
}

export const MAX_SEGMENTS = 10;
export const MAX_BODY_CHARS = 1600;

/** Capacity of one SMS: units in a lone segment, and per part once split (the rest is the concatenation header). */
export const SEGMENT_SIZES: Readonly<Record<Encoding, { single: number; perPart: number }>> = {
  gsm7: { single: 160, perPart: 153 },
  ucs2: { single: 70, perPart: 67 },
  ascii: { single: 160, perPart: 153 },
};

/** GSM 03.38 default alphabet; the index of a character is its septet value (0x1B is the escape). */
export const GSM7_BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: each is sent as the escape septet followed by this value. */
export const GSM7_EXTENSION_TABLE: ReadonlyMap<string, number> = new Map([
  ['\f', 0x0a], ['^', 0x14], ['{', 0x28], ['}', 0x29], ['\\', 0x2f],
  ['[', 0x3c], ['~', 0x3d], [']', 0x3e], ['|', 0x40], ['€', 0x65],
]);

const GSM7_BASIC = new Set(GSM7_BASIC_TABLE);

/** Septets a character takes in GSM-7 (2 for an escape pair), or null when GSM-7 cannot carry it. */
export function gsm7Septets(char: string): 1 | 2 | null {
  if (GSM7_EXTENSION_TABLE.has(char)) return 2;
  return GSM7_BASIC.has(char) ? 1 : null;
}

/**
 * Splits characters into the text of each segment. `units` gives each character's width;
 * a character never straddles two parts, so a part may carry less than its capacity.
 */
function partition(chars: readonly string[], units: (char: string) => number, encoding: Encoding): string[] {
  const { single, perPart } = SEGMENT_SIZES[encoding];
  const total = chars.reduce((sum, c) => sum + units(c), 0);
  if (total <= single) return [chars.join('')];
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const char of chars) {
    const width = units(char);
    if (used + width > perPart) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += char;
    used += width;
  }
  parts.push(current);
  return parts;
}

/** The units a character takes in each encoding: septets (2 for an escape pair), UTF-16 code units, characters. */
export const unitsFor: Readonly<Record<Encoding, (char: string) => number>> = {
  gsm7: (c) => gsm7Septets(c) ?? 1,
  // UTF-16 code units: two for characters outside the Basic Multilingual Plane.
  ucs2: (c) => c.length,
  ascii: () => 1,
};

/** The text of each segment of an NFC body already known to fit the encoding. */
export function splitSegments(body: string, encoding: Encoding): string[] {
  return partition(Array.from(body), unitsFor[encoding], encoding);
}

export function countSegments(body: string, encoding: Encoding): number {
  return splitSegments(body, encoding).length;
}

/** A code point written as `U+` and at least four uppercase hex digits (U+00E9, U+1F600). */
export function formatCodePoint(char: string): string {
  return 'U+' + (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}

const ALLOWED_CONTROLS = new Set(['\n', '\r', '\f']);
// Cc covers C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F); Cs catches a lone surrogate,
// which no encoding can carry faithfully.
const REFUSED_CATEGORY = /^[\p{Cc}\p{Cs}]$/u;

/** The first character no route carries (a control character, a lone surrogate), refused as validation_failed. */
export function uncarriedCharacter(chars: readonly string[]): Result<never> | null {
  for (const [position, char] of chars.entries()) {
    if (ALLOWED_CONTROLS.has(char) || !REFUSED_CATEGORY.test(char)) continue;
    const codepoint = formatCodePoint(char);
    const why = /\p{Cs}/u.test(char)
      ? `an unpaired surrogate ${codepoint} at position ${position}, which is not valid text`
      : `control character ${codepoint} at position ${position}; only line feed, carriage return and form feed are allowed`;
    return fail('validation_failed', `body contains ${why}`, { field: 'body', details: { codepoint, position } });
  }
  return null;
}

/** Printable ASCII and line feed: what the ascii route carries. */
export function isAsciiRouteChar(char: string): boolean {
  if (char === '\n') return true;
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x20 && code <= 0x7e;
}

function asciiRefusal(chars: readonly string[]): Result<never> | null {
  const characters = chars.flatMap((character, position) =>
    isAsciiRouteChar(character) ? [] : [{ character, codepoint: formatCodePoint(character), position }],
  );
  if (characters.length === 0) return null;
  const listed = characters.map((c) => `${c.codepoint} at ${c.position}`).join(', ');
  return fail(
    'encoding_not_supported',
    `The SMS route accepts only printable ASCII and line feeds; body contains ${listed}`,
    { field: 'body', details: { characters } },
  );
}

/** GSM-7 when every character has a septet, else UCS-2; the ascii route is always ASCII. */
export function chooseEncoding(chars: readonly string[], route: SmsRoute): Encoding {
  if (route === 'ascii') return 'ascii';
  return chars.every((c) => gsm7Septets(c) !== null) ? 'gsm7' : 'ucs2';
}

/**
 * Normalizes a body to NFC and checks it for the route, in the order the API reports
 * refusals: empty, control characters, length, characters the route refuses, segment count.
 */
export function analyzeBody(raw: string, route: SmsRoute): Result<BodyAnalysis> {
  const body = raw.normalize('NFC');
  if (body.length === 0) return fail('validation_failed', 'body must not be empty', { field: 'body' });
  const chars = Array.from(body);
  const refused = uncarriedCharacter(chars);
  if (refused) return refused;
  if (chars.length > MAX_BODY_CHARS) {
    return fail('validation_failed', `body has ${chars.length} characters; at most ${MAX_BODY_CHARS} are allowed`, {
      field: 'body',
      details: { characters: chars.length, max: MAX_BODY_CHARS },
    });
  }
  if (route === 'ascii') {
    const notAscii = asciiRefusal(chars);
    if (notAscii) return notAscii;
  }
  const encoding = chooseEncoding(chars, route);
  const segments = partition(chars, unitsFor[encoding], encoding).length;
  if (segments > MAX_SEGMENTS) {
    return fail('too_many_segments', `body needs ${segments} segments as ${encoding}; at most ${MAX_SEGMENTS} are allowed`, {
      field: 'body',
      details: { segments, max: MAX_SEGMENTS },
    });
  }
  return ok({ body, encoding, segments, characters: chars.length });
}
