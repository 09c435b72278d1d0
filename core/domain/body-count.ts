// The live count of a body being typed: the send's own segment rules, carried on past the point where a send
// would refuse the body (too long, too many segments, characters the ascii route refuses), so a counter keeps up.
import { type DomainError, type Result, ok } from './errors.ts';
import {
  analyzeBody, chooseEncoding, formatCodePoint, gsm7Septets, isAsciiRouteChar, SEGMENT_SIZES, splitSegments, uncarriedCharacter, unitsFor,
  type Encoding, type SmsRoute,
} from './segments.ts';

/** A character of the body and its place, as encoding_not_supported lists them (position in code points of the NFC body). */
export interface CharacterAt {
  character: string;
  codepoint: string;
  position: number;
}

export interface BodyCount {
  characters: number;
  encoding: Encoding;
  segments: number;
  /** Room left in the segment being typed, in what the encoding counts: GSM-7 septets, UCS-2 code units, ASCII characters. */
  left_in_segment: number;
  /** On the gsm0338 route, each character that makes the body UCS-2. */
  ucs2_characters: CharacterAt[];
  /** On the ascii route, each character it refuses. */
  refused_characters: CharacterAt[];
  /** What sending this body would be refused with, or null. */
  refusal: DomainError | null;
}

function charactersWhere(chars: readonly string[], test: (c: string) => boolean): CharacterAt[] {
  return chars.flatMap((character, position) => (test(character) ? [{ character, codepoint: formatCodePoint(character), position }] : []));
}

/**
 * Counts a body on a route. Where the send accepts the body this is the send's analysis; where it refuses it,
 * the count goes on (a character the ascii route refuses counts one, as any ASCII character) and names the
 * refusal. A character no route carries (a control character, a lone surrogate) is refused as the send does.
 */
export function countBody(raw: string, route: SmsRoute): Result<BodyCount> {
  const body = raw.normalize('NFC');
  const chars = Array.from(body);
  const uncarried = uncarriedCharacter(chars);
  if (uncarried) return uncarried;
  const sent = analyzeBody(raw, route);
  const encoding = chooseEncoding(chars, route);
  const parts = splitSegments(body, encoding);
  const { single, perPart } = SEGMENT_SIZES[encoding];
  const room = parts.length === 1 ? single : perPart;
  const used = Array.from(parts[parts.length - 1] ?? '').reduce((sum, c) => sum + unitsFor[encoding](c), 0);
  return ok({
    characters: chars.length,
    encoding,
    segments: parts.length,
    left_in_segment: room - used,
    ucs2_characters: route === 'gsm0338' ? charactersWhere(chars, (c) => gsm7Septets(c) === null) : [],
    refused_characters: route === 'ascii' ? charactersWhere(chars, (c) => !isAsciiRouteChar(c)) : [],
    refusal: sent.ok ? null : sent.error,
  });
}
