// The payments simulator's table of outcomes and its transaction ids, which any simulator of the deployment
// reads back, and the failure codes the client reads from an aggregator's words.
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../workers/providers/payments/aggregator-wire.ts';
import { checkoutOf, outcomeFor, transactionIdOf, type SimulatedCheckout } from '../../workers/providers/payments/simulated-outcomes.ts';

describe('outcomes by the last digit', () => {
  it.each([
    ['255754123450', 'paid'],
    ['255754123451', 'declined'],
    ['255754123452', 'no_callback'],
    ['255754123453', 'called_back_twice'],
    ['255754123454', 'different_amount'],
    ['255754123455', 'status_fails'],
    ['255754123456', 'never_answered'],
    ['255754123457', 'payer_cancelled'],
    ['255754123458', 'checkout_refused'],
    ['255754123459', 'checkout_hangs'],
  ])('%s: %s', (number, outcome) => expect(outcomeFor(number)).toBe(outcome));
});

describe('transaction ids', () => {
  const secret = 'the-deployment-callback-secret';
  const checkout: SimulatedCheckout = { outcome: 'different_amount', amountTzs: 125_000, externalId: '0b1e7c52-2f3a-4c8e-9d61-7a2b3c4d5e6f' };

  it('carry the checkout, read back by any holder of the secret, and fit the column (200 characters)', () => {
    const id = transactionIdOf(secret, checkout);
    expect(checkoutOf(secret, id)).toEqual(checkout);
    expect(transactionIdOf(secret, checkout)).toBe(id);
    expect(transactionIdOf(secret, { ...checkout, externalId: 'x'.repeat(128) }).length).toBeLessThanOrEqual(200);
    expect(checkoutOf(secret, transactionIdOf(secret, { ...checkout, outcome: 'paid' }))).toMatchObject({ outcome: 'paid' });
  });

  it('refuse an id changed in any part, made under another secret, or of another form', () => {
    const id = transactionIdOf(secret, checkout);
    expect(checkoutOf(secret, id.replace('-125000-', '-925000-'))).toBeNull();
    expect(checkoutOf(secret, id.replace('SIM-4-', 'SIM-0-'))).toBeNull();
    expect(checkoutOf(secret, id.replace('0b1e', '0b1f'))).toBeNull();
    expect(checkoutOf('another-secret-of-another-place', id)).toBeNull();
    for (const other of ['', 'SIM', 'SIMPB-0123456789abcdef', `${id}x`]) expect(checkoutOf(secret, other)).toBeNull();
  });
});

describe('failure codes from the aggregator’s words', () => {
  it.each([
    ['Insufficient funds in the payer’s wallet.', 'insufficient_funds'],
    ['Insufficient balance', 'insufficient_funds'],
    ['Transaction cancelled by the payer.', 'payer_cancelled'],
    ['Request rejected by user', 'payer_cancelled'],
    ['Transaction timed out', 'payer_timeout'],
    ['Invalid PIN entered too many times', 'refused'],
    ['Transaction limit exceeded', 'refused'],
    ['General failure', 'other'],
    ['', 'other'],
  ])('%j: %s', (words, code) => expect(failureOf(words).code).toBe(code));

  it('keeps the words (500 characters at most), or says none were given', () => {
    expect(failureOf('x'.repeat(600)).reason).toHaveLength(500);
    expect(failureOf(null).reason).toMatch(/no reason/);
  });
});
