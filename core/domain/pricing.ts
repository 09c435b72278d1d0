// Prices single messages and campaigns from an organization's per-segment rates, in integer cents.

/** The traffic classes (SPEC 9): every list of them, in TypeScript and in input schemas, is this one. */
export const TRAFFIC_CLASSES = ['transactional', 'promotional'] as const;

export type TrafficClass = (typeof TRAFFIC_CLASSES)[number];

/** Cents per segment for each traffic class, as one version of a price plan. */
export interface PricePlanRates {
  transactional: bigint;
  promotional: bigint;
}

export interface MessagePrice {
  /** Price of one segment. */
  unitAmount: bigint;
  /** unitAmount x segments: the amount held, then charged or released. */
  total: bigint;
}

// The spec caps every message at 10 segments; segmenting refuses longer bodies with
// too_many_segments before pricing runs, so a larger count here is a bug.
const MAX_SEGMENTS = 10;

function assertSegments(segments: number): void {
  if (!Number.isInteger(segments) || segments < 1 || segments > MAX_SEGMENTS) {
    throw new Error(`segments must be an integer from 1 to ${MAX_SEGMENTS}, got ${segments}`);
  }
}

function assertNonNegative(name: string, value: bigint): void {
  if (typeof value !== 'bigint' || value < 0n) {
    throw new Error(`${name} must be a non-negative bigint of cents, got ${String(value)}`);
  }
}

export function isTrafficClass(value: unknown): value is TrafficClass {
  return TRAFFIC_CLASSES.includes(value as TrafficClass);
}

/** The plan in force among an organization's versions: the newest. Twin of price_plan_in_force (migration 0024). */
export function planInForce<P extends { version: number }>(versions: readonly P[]): P | null {
  let newest: P | null = null;
  for (const plan of versions) if (newest === null || plan.version > newest.version) newest = plan;
  return newest;
}

/** The plan's rate for a segment of the class. */
export function unitPrice(rates: PricePlanRates, trafficClass: TrafficClass): bigint {
  if (!isTrafficClass(trafficClass)) throw new Error(`unknown traffic class ${String(trafficClass)}`);
  return rates[trafficClass];
}

/** Price of one message: the class's rate per segment, times its segments. */
export function priceMessage(rates: PricePlanRates, trafficClass: TrafficClass, segments: number): MessagePrice {
  assertNonNegative('rates.transactional', rates.transactional);
  assertNonNegative('rates.promotional', rates.promotional);
  const unitAmount = unitPrice(rates, trafficClass);
  assertSegments(segments);
  return { unitAmount, total: unitAmount * BigInt(segments) };
}

/** A recipient's share of a campaign: what each message draws from the campaign's reservation. */
export function priceShare(unitAmount: bigint, segments: number): bigint {
  assertNonNegative('unitAmount', unitAmount);
  assertSegments(segments);
  return unitAmount * BigInt(segments);
}

/**
 * Quote total: unit_amount x segments x eligible. An empty audience prices at zero here;
 * refusing it (audience_empty) is the quote use case's business.
 */
export function priceCampaign(unitAmount: bigint, segments: number, eligible: number): bigint {
  if (!Number.isSafeInteger(eligible) || eligible < 0) {
    throw new Error(`eligible must be a non-negative integer, got ${eligible}`);
  }
  return priceShare(unitAmount, segments) * BigInt(eligible);
}
