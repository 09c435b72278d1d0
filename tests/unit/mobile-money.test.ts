// The pure rules of money in by mobile money: which wallet takes which network's numbers, when a waiting push
// payment is asked about, the paybill's account numbers, and what a proven payment does to its top-up.
import { describe, expect, it } from 'vitest';
import {
  FIRST_STATUS_CHECK_MS,
  MAX_STATUS_CHECK_GAP_MS,
  checkProviderForPhone,
  isPaymentReference,
  nextStatusCheckAt,
  paymentReferenceFor,
} from '../../core/domain/mobile-money.ts';
import { payTopUp, tzsToCents } from '../../core/domain/push-payments.ts';
import { decideTopUp } from '../../core/domain/top-up-requests.ts';

describe('checkProviderForPhone', () => {
  it.each([
    ['mpesa', '+255754123456'],
    ['airtel_money', '+255684123456'],
    ['mixx_by_yas', '+255714123456'],
    ['halopesa', '+255624123456'],
    ['azampesa', '+255684123456'],
    ['azampesa', '+255754123456'],
  ] as const)('%s takes %s', (provider, phone) => {
    expect(checkProviderForPhone(provider, phone).ok).toBe(true);
  });

  it('refuses a number of another network, field phone, naming the wallets that network pays with', () => {
    const refused = checkProviderForPhone('mpesa', '+255684123456');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('validation_failed');
    expect(refused.error.field).toBe('phone');
    expect(refused.error.message).toContain('M-Pesa takes only vodacom numbers');
    expect(refused.error.message).toContain('Airtel Money');
    expect(refused.error.details).toEqual({ provider: 'mpesa', operator: 'airtel' });
  });
});

describe('nextStatusCheckAt', () => {
  const created = new Date('2027-03-01T10:00:00Z');
  it('asks first three minutes after the start, never before now', () => {
    expect(nextStatusCheckAt(created, created, 0)).toEqual(new Date(created.getTime() + FIRST_STATUS_CHECK_MS));
    const late = new Date(created.getTime() + 10 * 60_000);
    expect(nextStatusCheckAt(created, late, 0)).toEqual(late);
  });

  it('doubles the gap after each check, up to an hour', () => {
    const now = new Date('2027-03-01T11:00:00Z');
    const gaps = [1, 2, 3, 4, 5, 6].map((checks) => nextStatusCheckAt(created, now, checks).getTime() - now.getTime());
    expect(gaps).toEqual([6, 12, 24, 48, 60, 60].map((m) => m * 60_000));
    expect(Math.max(...gaps)).toBe(MAX_STATUS_CHECK_GAP_MS);
  });
});

describe('payment references', () => {
  it('are eight digits, stable for an organization, another with another salt', () => {
    const id = '0190f0d2-7c1e-7000-8000-000000000abc';
    const first = paymentReferenceFor(id);
    expect(first).toMatch(/^[1-9][0-9]{7}$/);
    expect(paymentReferenceFor(id)).toBe(first);
    expect(paymentReferenceFor(id, 1)).not.toBe(first);
    expect(isPaymentReference(first)).toBe(true);
    expect(isPaymentReference(`${first.slice(0, 4)} ${first.slice(4)}`)).toBe(true);
  });

  it('catch every slip of one digit and every swap of two different neighbours', () => {
    for (let n = 0; n < 200; n += 1) {
      const reference = paymentReferenceFor(`org-${n}`);
      for (let i = 0; i < 8; i += 1) {
        for (let d = 0; d <= 9; d += 1) {
          const slipped = reference.slice(0, i) + d + reference.slice(i + 1);
          if (slipped !== reference) expect(isPaymentReference(slipped), slipped).toBe(false);
        }
        if (i < 7 && reference[i] !== reference[i + 1] && !'09 90'.includes(reference[i]! + reference[i + 1]!)) {
          const swapped = reference.slice(0, i) + reference[i + 1] + reference[i] + reference.slice(i + 2);
          expect(isPaymentReference(swapped), swapped).toBe(false);
        }
      }
    }
  });

  it('refuse what is not eight digits', () => {
    for (const text of ['', '1234567', '123456789', 'UJ123456', '01234567']) expect(isPaymentReference(text)).toBe(false);
  });
});

describe('payTopUp', () => {
  const asked = tzsToCents(10_000);
  it('credits what was asked, unflagged', () => {
    expect(payTopUp({ status: 'pending', amount: asked }, asked)).toEqual({ ok: true, value: { status: 'credited', credited: asked, flag: null } });
  });
  it('credits what was paid when it differs, flagged', () => {
    expect(payTopUp({ status: 'pending', amount: asked }, tzsToCents(9_500))).toEqual({ ok: true, value: { status: 'credited', credited: tzsToCents(9_500), flag: 'amount_differs' } });
  });
  it('credits a payment proven after a failure or an expiry, flagged', () => {
    expect(payTopUp({ status: 'failed', amount: asked }, asked)).toMatchObject({ ok: true, value: { status: 'credited', flag: 'paid_after_failure' } });
    expect(payTopUp({ status: 'expired', amount: asked }, asked)).toMatchObject({ ok: true, value: { status: 'credited', flag: 'paid_after_expiry' } });
  });
  it('never credits a top-up twice, nor a filed request the operator declined', () => {
    expect(payTopUp({ status: 'credited', amount: asked }, asked)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(payTopUp({ status: 'declined', amount: asked }, asked)).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
  it('fail and expire only from pending', () => {
    expect(decideTopUp('pending', 'fail')).toEqual({ ok: true, value: 'failed' });
    expect(decideTopUp('pending', 'expire')).toEqual({ ok: true, value: 'expired' });
    for (const status of ['credited', 'failed', 'expired', 'declined'] as const) {
      expect(decideTopUp(status, 'fail').ok).toBe(false);
      expect(decideTopUp(status, 'expire').ok).toBe(false);
    }
  });
});
