import { describe, expect, it } from 'vitest';
import {
  MESSAGE_STATUSES,
  MESSAGE_TRANSITIONS,
  canTransition,
  initialStatus,
  isFinal,
  isQueued,
  moneyEffect,
  settleCharge,
  testModeOutcome,
  transition,
  type ChargeState,
  type MessageEvent,
  type MessageStatus,
  type MoneyEffect,
} from '../../core/domain/message-states.ts';

const EVENTS: readonly MessageEvent[] = [
  'window_hold',
  'submit_accepted',
  'submit_refused',
  'submit_ambiguous',
  'receipt_delivered',
  'receipt_undelivered',
  'receipt_failed',
  'expire',
  'cancel',
  'hold_timeout',
];

// Every allowed move: the spec's table rows first, then the moves it leaves to the design.
const moves: Array<{ row: string; from: MessageStatus; event: MessageEvent; to: MessageStatus; money: MoneyEffect }> = [
  { row: 'window closed: held', from: 'accepted', event: 'window_hold', to: 'accepted', money: 'none' },
  { row: 'provider accepts: charge captured', from: 'accepted', event: 'submit_accepted', to: 'submitted', money: 'capture' },
  { row: 'ttl or validity elapses: hold released', from: 'accepted', event: 'expire', to: 'expired', money: 'release' },
  { row: 'campaign cancel: share released', from: 'accepted', event: 'cancel', to: 'cancelled', money: 'release' },
  { row: 'provider fails it (refused submit)', from: 'accepted', event: 'submit_refused', to: 'failed', money: 'release' },
  { row: 'provider fails it (receipt after submit)', from: 'submitted', event: 'receipt_failed', to: 'failed', money: 'none' },
  { row: 'provider fails it (late receipt on unknown)', from: 'unknown', event: 'receipt_failed', to: 'failed', money: 'release' },
  { row: 'ambiguous submit keeps the hold', from: 'accepted', event: 'submit_ambiguous', to: 'unknown', money: 'none' },
  { row: 'delivered receipt', from: 'submitted', event: 'receipt_delivered', to: 'delivered', money: 'none' },
  { row: 'undelivered receipt', from: 'submitted', event: 'receipt_undelivered', to: 'undelivered', money: 'none' },
  { row: 'late delivered receipt charges', from: 'unknown', event: 'receipt_delivered', to: 'delivered', money: 'capture' },
  { row: 'late undelivered receipt charges', from: 'unknown', event: 'receipt_undelivered', to: 'undelivered', money: 'capture' },
  { row: 'seven days unknown: hold released', from: 'unknown', event: 'hold_timeout', to: 'unknown', money: 'release' },
];

describe('message transitions', () => {
  it.each(moves)('$from --$event--> $to ($row)', ({ from, event, to, money }) => {
    expect(canTransition(from, event)).toBe(true);
    expect(transition(from, event)).toBe(to);
    expect(moneyEffect(from, event)).toBe(money);
  });

  it('the table holds exactly those moves', () => {
    const allowed = MESSAGE_STATUSES.flatMap((from) =>
      Object.keys(MESSAGE_TRANSITIONS[from]).map((event) => `${from}:${event}`),
    );
    expect(allowed.sort()).toEqual(moves.map((m) => `${m.from}:${m.event}`).sort());
  });

  const allowedKeys = new Set(moves.map((m) => `${m.from}:${m.event}`));
  const illegal = MESSAGE_STATUSES.flatMap((from) =>
    EVENTS.filter((event) => !allowedKeys.has(`${from}:${event}`)).map((event) => ({ from, event })),
  );
  it.each(illegal)('refuses $event in $from', ({ from, event }) => {
    expect(canTransition(from, event)).toBe(false);
    expect(() => transition(from, event)).toThrow(Error);
    expect(() => moneyEffect(from, event)).toThrow(Error);
  });

  it('refuses an unknown status', () => {
    expect(() => transition('sending' as MessageStatus, 'cancel')).toThrow(Error);
  });
});

describe('campaign messages: the provider failing one releases its share (SPEC.md message table)', () => {
  it('a failed receipt after acceptance refunds a campaign message', () => {
    expect(moneyEffect('submitted', 'receipt_failed', { campaign: true })).toBe('refund');
  });
  it('but not a single message, whose charge stands', () => {
    expect(moneyEffect('submitted', 'receipt_failed', { campaign: false })).toBe('none');
  });
  it.each(moves.filter((m) => !(m.from === 'submitted' && m.event === 'receipt_failed')))(
    'elsewhere the same as a single message: $from --$event--> $money',
    ({ from, event, money }) => {
      expect(moneyEffect(from, event, { campaign: true })).toBe(money);
    },
  );
});

describe('isFinal', () => {
  const cases: Array<[MessageStatus, boolean]> = [
    ['accepted', false],
    ['submitted', false],
    ['unknown', false],
    ['delivered', true],
    ['undelivered', true],
    ['failed', true],
    ['cancelled', true],
    ['expired', true],
  ];
  it.each(cases)('%s -> %s', (status, final) => {
    expect(isFinal(status)).toBe(final);
  });

  it.each(MESSAGE_STATUSES)('%s is final exactly when nothing leaves it', (status) => {
    expect(isFinal(status)).toBe(Object.keys(MESSAGE_TRANSITIONS[status]).length === 0);
  });
});

describe('settleCharge', () => {
  const cases: Array<{ charge: ChargeState; effect: MoneyEffect; after: ChargeState; movement: MoneyEffect }> = [
    { charge: 'held', effect: 'capture', after: 'captured', movement: 'capture' },
    { charge: 'held', effect: 'release', after: 'released', movement: 'release' },
    { charge: 'held', effect: 'none', after: 'held', movement: 'none' },
    // A receipt after the seven-day release settles the status but charges nothing.
    { charge: 'released', effect: 'capture', after: 'released', movement: 'none' },
    { charge: 'released', effect: 'release', after: 'released', movement: 'none' },
    { charge: 'captured', effect: 'release', after: 'captured', movement: 'none' },
    { charge: 'captured', effect: 'capture', after: 'captured', movement: 'none' },
    // A campaign message the provider fails after accepting it: its captured share goes back.
    { charge: 'captured', effect: 'refund', after: 'released', movement: 'refund' },
    { charge: 'held', effect: 'refund', after: 'held', movement: 'none' },
    { charge: 'released', effect: 'refund', after: 'released', movement: 'none' },
  ];
  it.each(cases)('$charge + $effect -> $after, moving $movement', ({ charge, effect, after, movement }) => {
    expect(settleCharge(charge, effect)).toEqual({ charge: after, movement });
  });
});

describe('a new message', () => {
  const cases: Array<{ test: boolean; to: string; status: MessageStatus }> = [
    { test: false, to: '+255754000001', status: 'accepted' },
    { test: false, to: '+255754000008', status: 'accepted' },
    { test: true, to: '+255754000001', status: 'failed' },
    { test: true, to: '+255754000002', status: 'failed' },
    { test: true, to: '+255754000008', status: 'undelivered' },
    { test: true, to: '+255754000000', status: 'delivered' },
    { test: true, to: '+255754000003', status: 'delivered' },
    { test: true, to: '+255754000009', status: 'delivered' },
  ];
  it.each(cases)('test=$test to $to starts $status', ({ test, to, status }) => {
    expect(initialStatus(test, to)).toBe(status);
    if (test) {
      expect(testModeOutcome(to)).toBe(status);
      expect(isFinal(status)).toBe(true);
    }
  });
});

describe('isQueued', () => {
  it('is a live message accepted and not yet handed to a dispatcher, and nothing else', () => {
    const at = new Date('2026-11-22T09:00:00Z');
    const queued = MESSAGE_STATUSES.flatMap((status) => [false, true].flatMap((test) => [null, at].map((submitStartedAt) => ({ status, test, submitStartedAt }))))
      .filter((m) => isQueued(m));
    expect(queued).toEqual([{ status: 'accepted', test: false, submitStartedAt: null }]);
  });
});
