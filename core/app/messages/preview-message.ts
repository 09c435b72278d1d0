// The counter beside a body being typed: characters, encoding, segments, room left, the characters that force UCS-2
// or that the route refuses, and the price; all from the send's own rules, and nothing is held or written.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError, type Result } from '../../domain/errors.ts';
import {
  analyzeBody, formatCodePoint, MAX_BODY_CHARS, MAX_SEGMENTS, SEGMENT_SIZES, splitSegments,
  type BodyAnalysis, type Encoding, type SmsRoute,
} from '../../domain/segments.ts';
import { encodeForSmpp } from '../../domain/sms-encoding.ts';
import { priceMessage, type TrafficClass } from '../../domain/pricing.ts';
import { cents } from '../../db/sql.ts';
import { readSettings } from '../platform/settings.ts';
import { currentPricePlan, type CurrentPlan } from '../price-plans/price-plan.ts';
import { access as sendAccess, ZSendMessageBody } from './send-message.ts';

/** Whoever may send may see what a send would count and cost. */
export const access = sendAccess;

/**
 * The compose form as it stands. `from` is taken so that the form can be sent whole; neither the route nor the
 * price depends on the sender.
 */
export const ZPreviewMessageInput = z.strictObject({
  body: ZSendMessageBody.shape.body,
  traffic_class: ZSendMessageBody.shape.traffic_class,
  from: ZSendMessageBody.shape.from.optional(),
});
export type TPreviewMessageInput = z.infer<typeof ZPreviewMessageInput>;

/** A character of the body and its place, as encoding_not_supported lists them (position in code points of the NFC body). */
export interface CharacterAt {
  character: string;
  codepoint: string;
  position: number;
}

export interface Refusal {
  code: string;
  message: string;
  field: string | null;
  details: Record<string, unknown> | null;
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
  /** What sending this body would be refused with (too long, too many segments, characters the route refuses), or null. */
  refusal: Refusal | null;
}

/** The units a segment's text takes, measured by the encoder that sends it: a byte a septet or ASCII character, two a UCS-2 code unit. */
function unitsOf(text: string, encoding: Encoding): number {
  const [bytes] = encodeForSmpp(text, encoding, 0).parts;
  return (bytes?.length ?? 0) / (encoding === 'ucs2' ? 2 : 1);
}

function refusalOf(err: DomainError): Refusal {
  return { code: err.code, message: err.message, field: err.field ?? null, details: err.details ?? null };
}

/**
 * Counts a body on a route as the send does (analyzeBody decides), and also counts a body the send refuses, so
 * that the counter keeps up while the text is too long or holds a character the route refuses. Control
 * characters, which no route carries, are refused as the send refuses them (422 validation_failed, field body).
 */
export function countBody(raw: string, route: SmsRoute): BodyCount {
  const whole = analyzeBody(raw, route);
  const chars = Array.from(whole.ok ? whole.value.body : raw.normalize('NFC'));
  // What each character needs on its own: its encoding on the route, or the route's refusal of it.
  const alone = new Map<string, Result<BodyAnalysis>>();
  for (const c of new Set(chars)) alone.set(c, analyzeBody(c, route));
  const needs = (c: string) => alone.get(c)!;
  const uncarried = [...alone.values()].some((n) => !n.ok && n.error.code === 'validation_failed');
  if (!whole.ok && uncarried) throw whole.error;
  const where = (test: (n: Result<BodyAnalysis>) => boolean): CharacterAt[] =>
    chars.flatMap((character, position) => (test(needs(character)) ? [{ character, codepoint: formatCodePoint(character), position }] : []));
  const ucs2 = where((n) => n.ok && n.value.encoding === 'ucs2');
  const refused = where((n) => !n.ok);
  // A refused body has the encoding its characters ask for: UCS-2 as soon as one needs it (SPEC What the service does 11).
  const encoding: Encoding = whole.ok ? whole.value.encoding : ucs2.length ? 'ucs2' : route === 'ascii' ? 'ascii' : 'gsm7';
  // The ascii route counts every character one: a refused one counts as the character that will replace it.
  const counted = chars.map((c) => (needs(c).ok ? c : '?')).join('');
  const parts = splitSegments(counted, encoding);
  const { single, perPart } = SEGMENT_SIZES[encoding];
  const room = parts.length === 1 ? single : perPart;
  return {
    characters: chars.length,
    encoding,
    segments: parts.length,
    left_in_segment: room - unitsOf(parts[parts.length - 1] ?? '', encoding),
    ucs2_characters: ucs2,
    refused_characters: refused,
    refusal: whole.ok ? null : refusalOf(whole.error),
  };
}

/** The price of the counted segments on the organization's current plan, or why there is none. */
function priceOf(plan: CurrentPlan | DomainError, trafficClass: TrafficClass, segments: number) {
  if (plan instanceof DomainError) return { price: null, price_unavailable: { code: plan.code, message: plan.message } };
  if (segments > MAX_SEGMENTS) {
    return { price: null, price_unavailable: { code: 'too_many_segments', message: `The body needs ${segments} segments; a message has at most ${MAX_SEGMENTS}.` } };
  }
  const price = priceMessage(plan.rates, trafficClass, segments);
  return { price: { currency: 'TZS', unit: 'cents', unit_amount: cents(price.unitAmount), total: cents(price.total) }, price_unavailable: null };
}

/** Reads the route and the plan, and nothing else: no wallet, no hold, no record. */
export async function previewMessage(ctx: Ctx, actor: TenantActor, input: TPreviewMessageInput) {
  const settings = await readSettings(ctx);
  const plan = await currentPricePlan(ctx, actor.organizationId).catch((err: unknown) => {
    if (err instanceof DomainError && err.code === 'no_price_plan') return err;
    throw err;
  });
  const count = countBody(input.body, settings.smsRoute);
  return {
    sms_route: settings.smsRoute,
    traffic_class: input.traffic_class,
    ...count,
    max_characters: MAX_BODY_CHARS,
    max_segments: MAX_SEGMENTS,
    ...priceOf(plan, input.traffic_class, count.segments),
  };
}
