// The fault harness's checks of money in at the paybill (bench/chaos/check-payments.ts) fail on what they look
// for: planted snapshots, checked without processes.
import { describe, expect, it } from 'vitest';
import { checkPayments } from '../../bench/chaos/check-payments.ts';
import { Violations } from '../../bench/chaos/violations.ts';
import type { Delivery, SentNotice } from '../../bench/chaos/paybill.ts';
import type { PaymentEntryRow, PaymentRow, Snapshot } from '../../bench/chaos/snapshot.ts';

const ORG = '01a30000-0000-7000-8000-000000000001';
const OTHER = '01a30000-0000-7000-8000-000000000002';
const ENTRY = '01a30000-0000-7000-8000-0000000000e1';

const answered = (outcome: string): Delivery => ({ status: 200, outcome, attempts: 1, failures: [] });

function notice(overrides: Partial<SentNotice> = {}): SentNotice {
  return {
    transactionId: 'CHAOSPB-1-0', typed: '12345674', organizationId: ORG, amountTzs: 5000, body: '{}', copies: 2, together: true, atMs: [0, 0],
    deliveries: [answered('credited'), answered('duplicate')],
    ...overrides,
  };
}

const row = (overrides: Partial<PaymentRow> = {}): PaymentRow => ({
  id: '01a30000-0000-7000-8000-0000000000a1', transaction_id: 'CHAOSPB-1-0', kind: 'paybill', status: 'credited', organization_id: ORG,
  top_up_request_id: null, account_reference: '12345674', amount: '500000', ledger_entry_id: ENTRY, ...overrides,
});

const entry = (overrides: Partial<PaymentEntryRow> = {}): PaymentEntryRow => ({ id: ENTRY, organization_id: ORG, amount: '500000', reference: 'Paybill CHAOSPB-1-0', ...overrides });

function snapshot(payments: PaymentRow[], paymentEntries: PaymentEntryRow[]): Snapshot {
  return { messages: [], wallets: [], campaigns: [], strayApplied: [], payments, paymentEntries, pushes: [] };
}

function found(sent: SentNotice, s: Snapshot): string[] {
  const v = new Violations();
  checkPayments([sent], s, v);
  return [...v.counts.keys()].sort();
}

describe('the harness checks of paybill payments', () => {
  it('a notice credited once to the organization paid, its duplicate answered as one, passes', () => {
    expect(found(notice(), snapshot([row()], [entry()]))).toEqual([]);
    const slip = notice({ organizationId: null, typed: '12345675', deliveries: [answered('unmatched')] });
    expect(found(slip, snapshot([row({ status: 'unmatched', organization_id: null, ledger_entry_id: null })], []))).toEqual([]);
  });

  it('answered 200 but not stored, or money moved with no row', () => {
    expect(found(notice(), snapshot([], []))).toEqual(['payment-stored']);
    expect(found(notice({ deliveries: [{ status: null, outcome: null, attempts: 9, failures: ['503'] }] }), snapshot([], [entry()]))).toEqual(['payment-acknowledged', 'payment-stored']);
  });

  it('credited twice: a second entry, or two answers "credited"', () => {
    expect(found(notice(), snapshot([row()], [entry(), entry({ id: '01a30000-0000-7000-8000-0000000000e2' })]))).toEqual(['payment-credited', 'payment-once']);
    expect(found(notice({ deliveries: [answered('credited'), answered('credited')] }), snapshot([row()], [entry()]))).toEqual(['payment-once']);
  });

  it('credited to another organization, with another amount, or not at all', () => {
    expect(found(notice(), snapshot([row({ organization_id: OTHER })], [entry({ organization_id: OTHER })]))).toEqual(['payment-credited']);
    expect(found(notice(), snapshot([row({ amount: '5000' })], [entry({ amount: '5000' })]))).toEqual(['payment-credited']);
    expect(found(notice(), snapshot([row({ status: 'unmatched', organization_id: null, ledger_entry_id: null })], []))).toEqual(['payment-credited']);
  });

  it('an account number naming no organization credited to one', () => {
    const slip = notice({ organizationId: null, deliveries: [answered('credited')] });
    expect(found(slip, snapshot([row()], [entry()]))).toEqual(['payment-unmatched']);
  });

  it('a signed notice refused, or never answered', () => {
    expect(found(notice({ deliveries: [{ status: 200, outcome: 'credited', attempts: 2, failures: ['401'] }] }), snapshot([row()], [entry()]))).toEqual(['payment-acknowledged']);
    expect(found(notice({ deliveries: [{ status: null, outcome: null, attempts: 30, failures: ['ECONNREFUSED'] }] }), snapshot([], []))).toEqual(['payment-acknowledged']);
  });
});
