import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TRANSITIONS,
  QUOTE_VALIDITY_MS,
  canTransition,
  isFinal,
  isReplay,
  quoteExpiresAt,
  quoteStatus,
  requireCurrentQuote,
  transition,
  type CampaignEvent,
  type CampaignStatus,
  type QuoteStatus,
} from '../../core/domain/campaign-states.ts';

const EVENTS: readonly CampaignEvent[] = [
  'edit',
  'discard',
  'launch_scheduled',
  'launch_now',
  'start',
  'complete',
  'expire',
  'cancel',
  'cancel_finished',
];

const moves: Array<{ row: string; from: CampaignStatus; event: CampaignEvent; to: CampaignStatus; replay: boolean }> = [
  { row: 'edit a draft', from: 'draft', event: 'edit', to: 'draft', replay: false },
  { row: 'discard a draft', from: 'draft', event: 'discard', to: 'discarded', replay: false },
  { row: 'discard again', from: 'discarded', event: 'discard', to: 'discarded', replay: true },
  { row: 'launch with scheduled_at', from: 'draft', event: 'launch_scheduled', to: 'scheduled', replay: false },
  { row: 'launch to start now', from: 'draft', event: 'launch_now', to: 'sending', replay: false },
  { row: 'cancel a scheduled campaign', from: 'scheduled', event: 'cancel', to: 'cancelling', replay: false },
  { row: 'cancel a sending campaign', from: 'sending', event: 'cancel', to: 'cancelling', replay: false },
  { row: 'queued messages cancelled', from: 'cancelling', event: 'cancel_finished', to: 'cancelled', replay: false },
  { row: 'cancel again', from: 'cancelled', event: 'cancel', to: 'cancelled', replay: true },
  { row: 'cancel while cancelling', from: 'cancelling', event: 'cancel', to: 'cancelling', replay: true },
  { row: 'start time reached', from: 'scheduled', event: 'start', to: 'sending', replay: false },
  { row: 'nothing left to send', from: 'sending', event: 'complete', to: 'completed', replay: false },
  { row: 'validity passed while sending', from: 'sending', event: 'expire', to: 'completed', replay: false },
  { row: 'validity passed before the start ran', from: 'scheduled', event: 'expire', to: 'completed', replay: false },
];

describe('campaign transitions', () => {
  it.each(moves)('$from --$event--> $to ($row)', ({ from, event, to, replay }) => {
    expect(canTransition(from, event)).toBe(true);
    expect(transition(from, event)).toEqual({ ok: true, value: to });
    expect(isReplay(from, event)).toBe(replay);
  });

  it('the table holds exactly those moves', () => {
    const allowed = CAMPAIGN_STATUSES.flatMap((from) =>
      Object.keys(CAMPAIGN_TRANSITIONS[from]).map((event) => `${from}:${event}`),
    );
    expect(allowed.sort()).toEqual(moves.map((m) => `${m.from}:${m.event}`).sort());
  });

  const memberCodes: Partial<Record<CampaignEvent, string>> = {
    edit: 'campaign_not_draft',
    discard: 'campaign_not_draft',
    launch_scheduled: 'campaign_not_draft',
    launch_now: 'campaign_not_draft',
    cancel: 'campaign_not_cancellable',
  };
  const allowedKeys = new Set(moves.map((m) => `${m.from}:${m.event}`));
  const illegal = CAMPAIGN_STATUSES.flatMap((from) =>
    EVENTS.filter((event) => !allowedKeys.has(`${from}:${event}`)).map((event) => ({
      from,
      event,
      code: memberCodes[event] ?? null,
    })),
  );

  it.each(illegal.filter((c) => c.code !== null))('refuses member action $event in $from with $code', ({ from, event, code }) => {
    expect(canTransition(from, event)).toBe(false);
    expect(isReplay(from, event)).toBe(false);
    const r = transition(from, event);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it.each(illegal.filter((c) => c.code === null))('throws on worker event $event in $from', ({ from, event }) => {
    expect(canTransition(from, event)).toBe(false);
    expect(() => transition(from, event)).toThrow(Error);
  });

  // The spec names these refusals explicitly.
  const named: Array<{ from: CampaignStatus; event: CampaignEvent; code: string }> = [
    { from: 'draft', event: 'cancel', code: 'campaign_not_cancellable' },
    { from: 'discarded', event: 'cancel', code: 'campaign_not_cancellable' },
    { from: 'completed', event: 'cancel', code: 'campaign_not_cancellable' },
    { from: 'scheduled', event: 'discard', code: 'campaign_not_draft' },
    { from: 'sending', event: 'edit', code: 'campaign_not_draft' },
    { from: 'scheduled', event: 'launch_now', code: 'campaign_not_draft' },
    { from: 'discarded', event: 'launch_scheduled', code: 'campaign_not_draft' },
  ];
  it.each(named)('$event on $from is $code', ({ from, event, code }) => {
    const r = transition(from, event);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});

describe('isFinal', () => {
  const cases: Array<[CampaignStatus, boolean]> = [
    ['draft', false],
    ['scheduled', false],
    ['sending', false],
    ['cancelling', false],
    ['cancelled', true],
    ['completed', true],
    ['discarded', true],
  ];
  it.each(cases)('%s -> %s', (status, final) => {
    expect(isFinal(status)).toBe(final);
  });
});

describe('quote status', () => {
  const created = new Date('2025-03-10T09:00:00.000Z');
  const expiresAt = quoteExpiresAt(created);
  const at = (minutes: number): Date => new Date(created.getTime() + minutes * 60_000);

  it('is valid for 15 minutes', () => {
    expect(QUOTE_VALIDITY_MS).toBe(900_000);
    expect(expiresAt.toISOString()).toBe('2025-03-10T09:15:00.000Z');
  });

  const cases: Array<{ row: string; staleAt: Date | null; now: Date; status: QuoteStatus }> = [
    { row: 'new quote is current', staleAt: null, now: at(0), status: 'current' },
    { row: 'still current just before expiry', staleAt: null, now: new Date(expiresAt.getTime() - 1), status: 'current' },
    { row: '15 minutes pass', staleAt: null, now: at(15), status: 'expired' },
    { row: 'long after', staleAt: null, now: at(600), status: 'expired' },
    { row: 'draft edited', staleAt: at(5), now: at(6), status: 'stale' },
    { row: 'stale at the moment it happens', staleAt: at(5), now: at(5), status: 'stale' },
    { row: 'stale stays stale after expiry time', staleAt: at(5), now: at(30), status: 'stale' },
    { row: 'expired first stays expired', staleAt: at(20), now: at(30), status: 'expired' },
    { row: 'a mark in the future is not yet stale', staleAt: at(10), now: at(5), status: 'current' },
  ];
  it.each(cases)('$row', ({ staleAt, now, status }) => {
    expect(quoteStatus({ expiresAt, staleAt }, now)).toBe(status);
  });

  const launch: Array<{ status: QuoteStatus; code: string | null }> = [
    { status: 'current', code: null },
    { status: 'stale', code: 'quote_stale' },
    { status: 'expired', code: 'quote_expired' },
  ];
  it.each(launch)('launch with a $status quote -> $code', ({ status, code }) => {
    const r = requireCurrentQuote(status);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});
