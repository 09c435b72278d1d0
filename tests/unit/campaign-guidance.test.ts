// The pure rules behind campaigns that guide: the window's advice before a launch, a campaign's money and delivery
// from its ledger sums and counts, the name of a copy, and how a search for contacts is read.
import { describe, expect, it } from 'vitest';
import { launchWindowAdvice, startRefusedByWindow } from '../../core/domain/launch-window.ts';
import { campaignDelivery, campaignMoney } from '../../core/domain/campaign-figures.ts';
import { copyName } from '../../core/domain/campaign-copy.ts';
import { contactSearch } from '../../core/domain/contact-search.ts';

const WINDOW = { opens: '08:00', closes: '20:00' };
const at = (iso: string) => new Date(iso);

describe('launchWindowAdvice', () => {
  it.each([
    // [class, now (UTC), scheduled_at, launch now refused, schedule refused, open now, next opening, local]
    ['promotional', '2026-11-22T19:22:00Z', null, true, false, false, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['promotional', '2026-11-22T20:59:00Z', null, true, false, false, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['promotional', '2026-11-22T21:30:00Z', null, true, false, false, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['promotional', '2026-11-22T09:00:00Z', null, false, false, true, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['promotional', '2026-11-22T19:22:00Z', '2026-11-23T05:00:00Z', true, false, false, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['promotional', '2026-11-22T19:22:00Z', '2026-11-23T04:59:00Z', true, true, false, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['promotional', '2026-11-22T09:00:00Z', '2026-11-22T17:00:00Z', false, true, true, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
    ['transactional', '2026-11-22T19:22:00Z', '2026-11-23T01:00:00Z', false, false, false, '2026-11-23T05:00:00.000Z', '08:00 EAT'],
  ] as const)('%s at %s scheduled %s', (trafficClass, now, scheduled, nowRefused, scheduleRefused, openNow, opening, local) => {
    const advice = launchWindowAdvice(trafficClass, WINDOW, at(now), scheduled ? at(scheduled) : null);
    expect(advice).toMatchObject({ applies: trafficClass === 'promotional', open_now: openNow, launch_now_refused: nowRefused, scheduled_at_refused: scheduleRefused, next_opening_local: local });
    expect(advice.next_opening.toISOString()).toBe(opening);
    // A start at the next opening is never refused: that is the schedule a page offers.
    expect(startRefusedByWindow(trafficClass, WINDOW, advice.next_opening)).toBe(false);
  });

  it('gives the opening on the local clock and date of a window set otherwise', () => {
    const advice = launchWindowAdvice('promotional', { opens: '06:30', closes: '21:15' }, at('2026-12-31T20:00:00Z'), null);
    expect(advice).toMatchObject({ next_opening_date: '2027-01-01', next_opening_local: '06:30 EAT', launch_now_refused: true });
    expect(advice.next_opening.toISOString()).toBe('2027-01-01T03:30:00.000Z');
  });
});

describe('campaignMoney', () => {
  it.each([
    ['nothing settled yet', { hold: 15_000n, capture: 0n, release: 0n, refund: 0n }, { reserved: 15_000n, captured: 0n, released: 0n, held: 15_000n }],
    ['completed, one refused', { hold: 11_500n, capture: 11_250n, release: 250n, refund: 0n }, { reserved: 11_500n, captured: 11_250n, released: 250n, held: 0n }],
    ['a refund after a capture', { hold: 15_000n, capture: 12_500n, release: 2500n, refund: 2500n }, { reserved: 15_000n, captured: 10_000n, released: 5000n, held: 0n }],
    ['cancelled before any send', { hold: 5000n, capture: 0n, release: 5000n, refund: 0n }, { reserved: 5000n, captured: 0n, released: 5000n, held: 0n }],
    ['part way', { hold: 10_000n, capture: 4000n, release: 2000n, refund: 0n }, { reserved: 10_000n, captured: 4000n, released: 2000n, held: 4000n }],
  ])('%s', (_name, totals, money) => {
    const m = campaignMoney(totals);
    expect(m).toEqual(money);
    expect(m.captured + m.released + m.held).toBe(m.reserved);
  });
});

describe('campaignDelivery', () => {
  it('is delivered over those answered delivered, undelivered or failed; null before any answer', () => {
    expect(campaignDelivery({ delivered: 3, undelivered: 1, failed: 2 })).toEqual({ delivered: 3, undelivered: 1, failed: 2, answered: 6, rate: 0.5 });
    expect(campaignDelivery({ delivered: 0, undelivered: 0, failed: 0 }).rate).toBeNull();
  });
});

describe('copyName', () => {
  it.each([
    ['Mavuno', 'Mavuno (copy)'],
    ['x'.repeat(93), `${'x'.repeat(93)} (copy)`],
    ['x'.repeat(100), `${'x'.repeat(93)} (copy)`],
    [`${'y'.repeat(92)} kwisha`, `${'y'.repeat(92)} (copy)`],
    ['😀'.repeat(50), `${'😀'.repeat(46)} (copy)`],
  ])('%s', (name, copy) => {
    expect(copyName(name)).toBe(copy);
    expect(copyName(name).length).toBeLessThanOrEqual(100);
  });
});

describe('contactSearch', () => {
  it.each([
    ['Amina', { by: 'name', pattern: '%Amina%' }],
    ['50%_off\\', { by: 'name', pattern: '%50\\%\\_off\\\\%' }],
    ['0004', { by: 'number', patterns: ['%0004%', '+255004%'] }],
    ['0754 12', { by: 'number', patterns: ['%075412%', '+25575412%'] }],
    ['+255 754', { by: 'number', patterns: ['+255754%'] }],
    ['1100', { by: 'number', patterns: ['%1100%', '+2551100%'] }],
    ['  mussa  ', { by: 'name', pattern: '%mussa%' }],
  ])('%s', (typed, search) => {
    expect(contactSearch(typed)).toEqual(search);
  });
});
