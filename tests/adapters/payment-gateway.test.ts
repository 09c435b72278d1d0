// The aggregator client against the payments simulator over HTTP on loopback: every outcome by the payer's last
// digit, its callbacks proven by readNotice, and statuses answered by another simulator of the deployment.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutAnswer, PaymentNotice } from '../../core/app/payments/gateway.ts';
import { CALLBACK_SECRET, clientOf, closePaymentHarnesses, paymentsHarness, phone, push, sleep, waitFor, type PaymentsHarness } from '../support/payments.ts';
import { startPaymentSimulator } from '../../workers/providers/payments/payment-simulator.ts';

afterEach(closePaymentHarnesses);


/** The callbacks received so far, each proven and read. */
function notices(h: PaymentsHarness): PaymentNotice[] {
  return h.receiver.received.map(({ headers, body }) => {
    const read = h.client.readNotice(headers, body);
    if (!('notice' in read)) throw new Error(`refused: ${JSON.stringify(read.refused)}`);
    return read.notice;
  });
}

describe('outcomes by the payer number’s last digit', () => {
  it('any other digit: a paid callback after the delay, and status paid', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 0);
    expect(h.receiver.received).toEqual([]);
    await waitFor(() => h.receiver.received.length === 1);
    expect(notices(h)).toEqual([{ kind: 'push', transactionId, externalId, amountTzs: 5000, failure: null, payerPhone: phone(0) }]);
    expect(await h.client.status({ transactionId, externalId })).toEqual({ kind: 'paid', transactionId, amountTzs: 5000 });
  });

  it('1: declined for insufficient funds, by callback and by status', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 1);
    await waitFor(() => h.receiver.received.length === 1);
    expect(notices(h)[0]).toMatchObject({ kind: 'push', transactionId, externalId, failure: { code: 'insufficient_funds' } });
    expect(await h.client.status({ transactionId, externalId })).toMatchObject({ kind: 'failed', code: 'insufficient_funds' });
  });

  it('2: no callback at all, and status says paid in full', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 2, 12_000);
    await sleep(300);
    expect(h.receiver.received).toEqual([]);
    expect(await h.client.status({ transactionId, externalId })).toEqual({ kind: 'paid', transactionId, amountTzs: 12_000 });
  });

  it('3: called back twice with the same notice, and status paid', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 3);
    await waitFor(() => h.receiver.received.length === 2);
    expect(h.receiver.received[1]!.body.equals(h.receiver.received[0]!.body)).toBe(true);
    expect(notices(h).map((n) => [n.transactionId, n.amountTzs])).toEqual([[transactionId, 5000], [transactionId, 5000]]);
    expect(await h.client.status({ transactionId, externalId })).toMatchObject({ kind: 'paid', amountTzs: 5000 });
  });

  it('4: paid TZS 500 less than asked (at least 1), by callback and by status', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 4, 5000);
    const small = await push(h, 4, 400);
    await waitFor(() => h.receiver.received.length === 2);
    expect(notices(h).map((n) => [n.transactionId, n.amountTzs]).sort()).toEqual([[transactionId, 4500], [small.transactionId, 1]].sort());
    expect(await h.client.status({ transactionId, externalId })).toEqual({ kind: 'paid', transactionId, amountTzs: 4500 });
  });

  it('5: the status call fails every time; the callback says paid', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 5);
    await waitFor(() => h.receiver.received.length === 1);
    expect(notices(h)[0]).toMatchObject({ transactionId, amountTzs: 5000, failure: null });
    for (let i = 0; i < 2; i += 1) expect(await h.client.status({ transactionId, externalId })).toMatchObject({ kind: 'no_answer', reason: expect.stringContaining('503') });
  });

  it('6: never answered: no callback, status pending', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 6);
    await sleep(300);
    expect(h.receiver.received).toEqual([]);
    expect(await h.client.status({ transactionId, externalId })).toEqual({ kind: 'pending' });
  });

  it('7: the payer cancelled, by callback and by status', async () => {
    const h = await paymentsHarness();
    const { transactionId, externalId } = await push(h, 7);
    await waitFor(() => h.receiver.received.length === 1);
    expect(notices(h)[0]).toMatchObject({ transactionId, failure: { code: 'payer_cancelled' } });
    expect(await h.client.status({ transactionId, externalId })).toMatchObject({ kind: 'failed', code: 'payer_cancelled' });
  });

  it('8: the checkout is refused at once, and nothing follows', async () => {
    const h = await paymentsHarness();
    const answer = await h.client.checkout({ provider: 'mpesa', phone: phone(8), amountTzs: 5000, externalId: randomUUID() });
    expect(answer).toEqual({ kind: 'refused', reason: expect.stringMatching(/invalid account/i) });
    await sleep(300);
    expect(h.receiver.received).toEqual([]);
  });

  it('9: the checkout is never answered (in doubt), and status by our externalId says paid', async () => {
    const h = await paymentsHarness({ timeoutMs: 300 });
    const externalId = randomUUID();
    const started = performance.now();
    const answer: CheckoutAnswer = await h.client.checkout({ provider: 'airtel_money', phone: '+255784123459', amountTzs: 7000, externalId });
    expect(answer).toMatchObject({ kind: 'in_doubt', reason: expect.stringContaining('300 ms') });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(await h.client.status({ transactionId: null, externalId })).toMatchObject({ kind: 'paid', amountTzs: 7000, transactionId: expect.any(String) });
    expect(h.receiver.received).toEqual([]);
  });

  it('asks the checkout in the aggregator’s words: 255… without a plus, whole TZS as text, its provider names', async () => {
    const h = await paymentsHarness();
    const { transactionId } = await push(h, 0, 2500);
    await push(h, 0);
    await h.client.checkout({ provider: 'mixx_by_yas', phone: '+255654123450', amountTzs: 1000, externalId: randomUUID() });
    await waitFor(() => h.receiver.received.length === 3);
    const bodies = h.receiver.received.map((r) => JSON.parse(r.body.toString()) as Record<string, unknown>);
    expect(bodies.find((b) => b.reference === transactionId)).toMatchObject({ msisdn: '255754123450', amount: '2500', operator: 'Mpesa', transactionstatus: 'success' });
    expect(bodies.map((b) => b.operator)).toContain('Tigo');
  });

  it('a payment it never took is not found, by id or by externalId; a made-up id too', async () => {
    const h = await paymentsHarness();
    const { transactionId } = await push(h, 0);
    expect(await h.client.status({ transactionId: null, externalId: randomUUID() })).toEqual({ kind: 'not_found' });
    expect(await h.client.status({ transactionId: transactionId.replace('-5000-', '-9000-'), externalId: randomUUID() })).toEqual({ kind: 'not_found' });
  });
});

describe('status from another simulator', () => {
  it('answers from the transaction id alone for a checkout another simulator of the deployment took', async () => {
    const h = await paymentsHarness();
    const taken = await push(h, 4, 8000);
    const declined = await push(h, 1);
    const other = await startPaymentSimulator({ callbackUrl: h.receiver.url, callbackSecret: CALLBACK_SECRET, callbackDelayMs: 30 });
    try {
      const worker = clientOf(other);
      expect(await worker.status(taken)).toEqual({ kind: 'paid', transactionId: taken.transactionId, amountTzs: 7500 });
      expect(await worker.status(declined)).toMatchObject({ kind: 'failed', code: 'insufficient_funds' });
      expect(other.stats()).toMatchObject({ checkouts: 0, statusCalls: 2 });
    } finally {
      await other.close();
    }
  });
});
