import { describe, expect, it } from 'vitest';
import { planInForce, priceCampaign, priceMessage, priceShare, unitPrice, type PricePlanRates, type TrafficClass } from '../../core/domain/pricing.ts';

const rates: PricePlanRates = { transactional: 2500n, promotional: 1800n };

describe('priceMessage', () => {
  const cases: Array<{ name: string; rates: PricePlanRates; cls: TrafficClass; segments: number; unit: bigint; total: bigint }> = [
    { name: 'one transactional segment', rates, cls: 'transactional', segments: 1, unit: 2500n, total: 2500n },
    { name: 'three promotional segments', rates, cls: 'promotional', segments: 3, unit: 1800n, total: 5400n },
    { name: 'the ten-segment maximum', rates, cls: 'transactional', segments: 10, unit: 2500n, total: 25000n },
    { name: 'a zero-rated class', rates: { transactional: 0n, promotional: 7n }, cls: 'transactional', segments: 4, unit: 0n, total: 0n },
    { name: 'large rates stay exact', rates: { transactional: 9007199254740993n, promotional: 1n }, cls: 'transactional', segments: 2, unit: 9007199254740993n, total: 18014398509481986n },
  ];
  it.each(cases)('$name', ({ rates: r, cls, segments, unit, total }) => {
    expect(priceMessage(r, cls, segments)).toEqual({ unitAmount: unit, total });
  });

  const bugs: Array<{ name: string; call: () => unknown }> = [
    { name: 'zero segments', call: () => priceMessage(rates, 'transactional', 0) },
    { name: 'eleven segments', call: () => priceMessage(rates, 'transactional', 11) },
    { name: 'fractional segments', call: () => priceMessage(rates, 'transactional', 1.5) },
    { name: 'NaN segments', call: () => priceMessage(rates, 'transactional', Number.NaN) },
    { name: 'negative rate', call: () => priceMessage({ transactional: -1n, promotional: 1n }, 'transactional', 1) },
    { name: 'negative rate of the other class', call: () => priceMessage({ transactional: 1n, promotional: -1n }, 'transactional', 1) },
    { name: 'unknown class', call: () => priceMessage(rates, 'bulk' as TrafficClass, 1) },
    { name: 'float rate', call: () => priceMessage({ transactional: 25 as unknown as bigint, promotional: 1n }, 'transactional', 1) },
  ];
  it.each(bugs)('throws on $name', ({ call }) => {
    expect(call).toThrow(Error);
  });
});

describe('priceCampaign', () => {
  const cases: Array<{ unit: bigint; segments: number; eligible: number; total: bigint }> = [
    { unit: 1800n, segments: 1, eligible: 1, total: 1800n },
    { unit: 1800n, segments: 2, eligible: 3, total: 10800n },
    { unit: 1800n, segments: 2, eligible: 0, total: 0n },
    { unit: 0n, segments: 5, eligible: 1000, total: 0n },
    { unit: 2500n, segments: 10, eligible: 1_000_000, total: 25_000_000_000n },
  ];
  it.each(cases)('$unit x $segments x $eligible = $total', ({ unit, segments, eligible, total }) => {
    expect(priceCampaign(unit, segments, eligible)).toBe(total);
    if (eligible > 0) expect(priceCampaign(unit, segments, eligible) / BigInt(eligible)).toBe(priceShare(unit, segments));
  });

  const bugs: Array<{ name: string; call: () => unknown }> = [
    { name: 'negative eligible', call: () => priceCampaign(1n, 1, -1) },
    { name: 'fractional eligible', call: () => priceCampaign(1n, 1, 0.5) },
    { name: 'negative unit', call: () => priceCampaign(-1n, 1, 1) },
    { name: 'zero segments', call: () => priceCampaign(1n, 0, 1) },
    { name: 'too many segments', call: () => priceShare(1n, 11) },
  ];
  it.each(bugs)('throws on $name', ({ call }) => {
    expect(call).toThrow(Error);
  });
});

describe('the plan in force', () => {
  it('is the newest version, whatever order the versions come in; none without a plan', () => {
    expect(planInForce([{ version: 2 }, { version: 3 }, { version: 1 }])).toEqual({ version: 3 });
    expect(planInForce([])).toBeNull();
  });

  it('prices a segment at the class’s rate, and knows no other class', () => {
    expect(unitPrice(rates, 'transactional')).toBe(2500n);
    expect(unitPrice(rates, 'promotional')).toBe(1800n);
    expect(() => unitPrice(rates, 'bulk' as TrafficClass)).toThrow(Error);
  });
});
