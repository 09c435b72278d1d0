// The counter beside a body being typed: characters, encoding, segments, room left, the characters that force UCS-2
// or that the route refuses, and the price; all from the send's own rules, and nothing is held or written.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { MAX_BODY_CHARS, MAX_SEGMENTS } from '../../domain/segments.ts';
import { countBody } from '../../domain/body-count.ts';
import { priceMessage, type TrafficClass } from '../../domain/pricing.ts';
import { cents } from '../../domain/values.ts';
import { readSettings } from '../platform/settings.ts';
import { currentPricePlan, type CurrentPlan } from '../price-plans/price-plan.ts';
import { access as sendAccess } from './send-message.ts';
import { type TPreviewMessageInput } from '../../inputs/messages.ts';

/** Whoever may send may see what a send would count and cost. */
export const access = sendAccess;

/** Whoever writes campaigns may see what a campaign's body counts and costs a recipient. */
export const campaignAccess: Access = { scopes: [], permission: 'campaigns.write' };

export interface Refusal {
  code: string;
  message: string;
  field: string | null;
  details: Record<string, unknown> | null;
}

function refusalOf(err: DomainError | null): Refusal | null {
  return err && { code: err.code, message: err.message, field: err.field ?? null, details: err.details ?? null };
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
  const count = unwrap(countBody(input.body, settings.smsRoute));
  return {
    sms_route: settings.smsRoute,
    traffic_class: input.traffic_class,
    ...count,
    refusal: refusalOf(count.refusal),
    max_characters: MAX_BODY_CHARS,
    max_segments: MAX_SEGMENTS,
    ...priceOf(plan, input.traffic_class, count.segments),
  };
}
