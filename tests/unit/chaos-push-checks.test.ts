// The fault harness's checks of push payments (bench/chaos/check-push.ts) fail on what they look for: planted
// snapshots, checked without processes.
import { describe, expect, it } from 'vitest';
import { checkPushes } from '../../bench/chaos/check-push.ts';
import { Violations } from '../../bench/chaos/violations.ts';
import type { SentPush } from '../../bench/chaos/push.ts';
import type { PaymentEntryRow, PaymentRow, PushRow, Snapshot } from '../../bench/chaos/snapshot.ts';

const ORG = '01a40000-0000-7000-8000-000000000001';
const TOP_UP = '01a40000-0000-7000-8000-0000000000f1';
const ENTRY = '01a40000-0000-7000-8000-0000000000e1';
const PHONE = '+255750000133';

function push(overrides: Partial<SentPush> = {}): SentPush {
  const answer = { status: 201, body: { data: { top_up: { id: TOP_UP } } }, headers: new Headers() };
  return { organizationId: ORG, key: 'chaos-1-push-0', phone: PHONE, amountTzs: 5000, atMs: 0, result: { answer, successes: [answer], attempts: 1, failures: [] }, ...overrides };
}

const request = (overrides: Partial<PushRow> = {}): PushRow => ({
  id: TOP_UP, organization_id: ORG, status: 'credited', amount: '500000', credited_amount: '500000', payer_phone: PHONE, transaction_id: 'SIM-1', ledger_entry_id: ENTRY, flag: null, ...overrides,
});

const row = (overrides: Partial<PaymentRow> = {}): PaymentRow => ({
  id: '01a40000-0000-7000-8000-0000000000a1', transaction_id: 'SIM-1', kind: 'push', status: 'credited', organization_id: ORG, top_up_request_id: TOP_UP,
  account_reference: TOP_UP, amount: '500000', ledger_entry_id: ENTRY, ...overrides,
});

const entry = (overrides: Partial<PaymentEntryRow> = {}): PaymentEntryRow => ({ id: ENTRY, organization_id: ORG, amount: '500000', reference: 'M-Pesa SIM-1', ...overrides });

function found(sent: SentPush, pushes: PushRow[], payments: PaymentRow[], paymentEntries: PaymentEntryRow[]): string[] {
  const v = new Violations();
  const snapshot: Snapshot = { messages: [], wallets: [], campaigns: [], strayApplied: [], payments, paymentEntries, pushes };
  checkPushes([sent], snapshot, v);
  return [...v.counts.keys()].sort();
}

describe('the harness checks of push payments', () => {
  it('a push payment called back twice and credited once passes; so does one still pending', () => {
    expect(found(push(), [request()], [row()], [entry()])).toEqual([]);
    expect(found(push(), [request({ status: 'pending', credited_amount: null, ledger_entry_id: null })], [], [])).toEqual([]);
  });

  it('credited twice by its two callbacks', () => {
    expect(found(push(), [request()], [row()], [entry(), entry({ id: '01a40000-0000-7000-8000-0000000000e2' })])).toEqual(['push-credited', 'push-once']);
  });

  it('credited with another amount than paid, or unflagged when paid short', () => {
    expect(found(push(), [request({ credited_amount: '400000' })], [row({ amount: '400000' })], [entry({ amount: '400000' })])).toEqual(['push-credited']);
    const short = push({ phone: '+255750000144' });
    const paid = { credited_amount: '450000', payer_phone: '+255750000144' };
    expect(found(short, [request(paid)], [row({ amount: '450000' })], [entry({ amount: '450000' })])).toEqual(['push-credited']);
    expect(found(short, [request({ ...paid, flag: 'amount_differs' })], [row({ amount: '450000' })], [entry({ amount: '450000' })])).toEqual([]);
  });

  it('a declined push payment that moved money', () => {
    const declined = push({ phone: '+255750000141' });
    expect(found(declined, [request({ status: 'failed', credited_amount: null, ledger_entry_id: null, payer_phone: '+255750000141' })], [], [entry()])).toEqual(['push-credited']);
  });

  it('answered but not stored, two requests for one key, an entry naming no push payment', () => {
    expect(found(push(), [], [], [])).toEqual(['push-answered']);
    expect(found(push(), [request(), request({ id: '01a40000-0000-7000-8000-0000000000f2', status: 'pending', credited_amount: null, ledger_entry_id: null, transaction_id: null })], [row()], [entry()])).toEqual(['push-answered']);
    expect(found(push(), [request()], [row()], [entry(), entry({ id: '01a40000-0000-7000-8000-0000000000e3', reference: 'M-Pesa SIM-9' })])).toEqual(['push-once']);
  });
});
