// Why a top-up was not paid, as the top-ups page says it: by the failure's code in the language shown, naming the
// wallet; in the aggregator's own words when it gave no code the service knows; the operator's reason for a request
// declined; nothing for a top-up pending or credited.
import { describe, expect, it } from 'vitest';
import { i18next } from '../../dashboard/src/i18n/i18n.ts';
import { en, sw } from '../../dashboard/src/money/locale.ts';
import { notPaidWords } from '../../dashboard/src/money/push-failure.ts';

type TopUp = Parameters<typeof notPaidWords>[1];

const pushed: TopUp = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'failed',
  amount: 1_000_000,
  currency: 'TZS',
  method: 'mobile_money',
  reference: 'MM-1',
  note: null,
  requested_by: null,
  credited_amount: null,
  ledger_entry_id: null,
  decline_reason: null,
  created_at: '2026-11-22T09:00:00Z',
  decided_at: '2026-11-22T09:01:00Z',
  provider: 'mpesa',
  payer_phone: '+255754000131',
  transaction_id: 'TX1',
  failure_code: 'insufficient_funds',
  failure_reason: 'Insufficient balance',
};

const words = (language: 'en' | 'sw', topUp: TopUp) => notPaidWords(i18next.getFixedT(language, 'money'), topUp, 'M-Pesa');

describe('the words of a top-up not paid', () => {
  it('says each failure code in both languages, naming the wallet', () => {
    expect(words('en', pushed)).toBe('Your M-Pesa balance was too low for this payment. Add money to your M-Pesa wallet, then try again.');
    expect(words('sw', pushed)).toBe(sw.failure.insufficient_funds.replaceAll('{{provider}}', 'M-Pesa'));
    for (const code of ['payer_cancelled', 'payer_timeout', 'refused', 'not_received', 'expired'] as const) {
      expect(words('en', { ...pushed, failure_code: code }), code).toBe(en.failure[code].replaceAll('{{provider}}', 'M-Pesa'));
      expect(words('sw', { ...pushed, failure_code: code }), code).toBe(sw.failure[code].replaceAll('{{provider}}', 'M-Pesa'));
    }
  });

  it("quotes the aggregator's words when its code is none the service knows", () => {
    expect(words('en', { ...pushed, failure_code: 'other', failure_reason: 'Wallet locked' })).toBe('M-Pesa did not take the payment: “Wallet locked”');
    expect(words('sw', { ...pushed, failure_code: 'other', failure_reason: 'Wallet locked' })).toBe('M-Pesa haikupokea malipo: “Wallet locked”');
  });

  it('says an expired payment expired, a declined request why, and nothing of one pending or credited', () => {
    expect(words('en', { ...pushed, status: 'expired', failure_code: 'expired' })).toBe(en.failure.expired);
    expect(words('en', { ...pushed, provider: null, payer_phone: null, status: 'declined', failure_code: null, failure_reason: null, decline_reason: 'No such transfer' })).toBe('No such transfer');
    expect(words('en', { ...pushed, status: 'pending', failure_code: null, failure_reason: null })).toBeNull();
    expect(words('en', { ...pushed, status: 'credited', failure_code: null, failure_reason: null, credited_amount: 1_000_000 })).toBeNull();
  });
});
