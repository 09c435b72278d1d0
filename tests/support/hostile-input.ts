// fast-check generators of text no field accepts (C0 controls, DEL, lone surrogates) and of URL values
// whose percent-encoding carries controls or does not decode at all.
import fc from 'fast-check';
import { FIXED_ID, validValue, type Location } from './openapi-walk.ts';

/** Independent of text-input.ts: what the spec calls hostile (controls and DEL, lone surrogates). */
function isHostile(text: string, multiline: boolean): boolean {
  const controls = multiline ? /[\u0000-\u0009\u000b\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/;
  return controls.test(text) || !text.isWellFormed();
}

const LINE_BREAKS = new Set([0x0a, 0x0c, 0x0d]);
const char = (code: number) => String.fromCharCode(code);

/** NUL most often, the other C0 controls (a message body's line breaks aside) and DEL. */
function controlChar(multiline: boolean): fc.Arbitrary<string> {
  const others = Array.from({ length: 0x1f }, (_, i) => i + 1).filter((c) => !(multiline && LINE_BREAKS.has(c)));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('\u0000') },
    { weight: 3, arbitrary: fc.constantFrom(...others).map(char) },
    { weight: 1, arbitrary: fc.constant('\u007f') },
  );
}

/** A high or a low surrogate, alone. */
const loneSurrogate = fc.oneof(fc.integer({ min: 0xd800, max: 0xdbff }).map(char), fc.integer({ min: 0xdc00, max: 0xdfff }).map(char));

/** One character no field accepts. */
function hostileChar(multiline: boolean): fc.Arbitrary<string> {
  return fc.oneof({ weight: 7, arbitrary: controlChar(multiline) }, { weight: 4, arbitrary: loneSurrogate });
}

/** Valid-looking text (the field's own valid value, or any printable graphemes) to hide hostile characters in. */
function baseText(location: Location): fc.Arbitrary<string> {
  const own = location.kind === 'key' ? 'extra' : location.kind === 'path' ? FIXED_ID : String(validValue(location.schema, location.segments.at(-1)));
  return fc.oneof({ weight: 2, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 16 }) });
}

function insertAll<T>(base: T[], insertions: [number, T][]): T[] {
  const out = [...base];
  for (const [at, piece] of insertions) out.splice(at % (out.length + 1), 0, piece);
  return out;
}

/** A JSON string (or key) with one to three hostile characters placed anywhere, even inside a surrogate pair. */
export function hostileText(location: Location): fc.Arbitrary<string> {
  return fc
    .tuple(baseText(location), fc.array(fc.tuple(fc.nat(), hostileChar(location.multiline)), { minLength: 1, maxLength: 3 }))
    .map(([base, insertions]) => insertAll(base.split(''), insertions).join(''))
    // A high and a low surrogate placed side by side make a valid pair: such a string is not hostile.
    .filter((text) => isHostile(text, location.multiline));
}

/** Percent-encodings that do not decode to UTF-8 text, and one that sneaks NUL in overlong. */
const MALFORMED_ENCODINGS = ['%zz', '%', '%ED%A0%80', '%ED%BF%BF', '%C0%80', '%FF', '%E0%A4%A', '%g0', '%%'] as const;

/** A character as a URL carries it: controls percent-encoded, a surrogate as the bytes UTF-8 would give it. */
function urlEncoded(c: string): string {
  const code = c.charCodeAt(0);
  const bytes = code < 0x80 ? [code] : [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
  return bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * A query or path value as sent: valid text percent-encoded, with percent-encoded controls (`controls`) or with
 * escapes that do not decode to UTF-8 text (`undecodable`: malformed ones, and lone surrogates, which a URL can
 * only carry as the bytes UTF-8 would give them).
 */
export function hostileUrlValue(location: Location, variant: 'controls' | 'undecodable'): fc.Arbitrary<string> {
  const piece = variant === 'controls' ? controlChar(false).map(urlEncoded) : fc.oneof(loneSurrogate.map(urlEncoded), fc.constantFrom(...MALFORMED_ENCODINGS));
  return fc
    .tuple(baseText(location), fc.array(fc.tuple(fc.nat(), piece.map((wire) => ({ wire }))), { minLength: 1, maxLength: 3 }))
    .map(([base, insertions]) =>
      // Split by code points: encodeURIComponent refuses half a surrogate pair.
      insertAll<string | { wire: string }>(Array.from(base), insertions)
        .map((p) => (typeof p === 'string' ? encodeURIComponent(p) : p.wire))
        .join(''),
    )
    // An incomplete escape followed by hex digits of the text completes it (`%A` and `a`): still valid text.
    .filter((wire) => variant === 'controls' || !decodes(wire));
}

function decodes(wire: string): boolean {
  try {
    decodeURIComponent(wire);
    return true;
  } catch {
    return false;
  }
}
