// The aggregator client against the payments simulator over HTTP on loopback: every outcome by the payer's last
// digit, callbacks proven by readNotice, tokens, calls that go unanswered, paybill notices.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutAnswer, PaymentNotice } from '../../core/app/payments/gateway.ts';
import { CALLBACK_SECRET, clientOf, closePaymentHarnesses, listen, paymentsHarness, sleep, waitFor, type PaymentsHarness } from '../support/payments.ts';
import { startPaymentSimulator, type PaymentSimulator } from '../../workers/providers/payments/payment-simulator.ts';

afterEach(closePaymentHarnesses);

const phone = (lastDigit: number) => `+25575412345${lastDigit}`;

async function push(h: PaymentsHarness, lastDigit: number, amountTzs = 5000) {
  const externalId = randomUUID();
  const answer = await h.client.checkout({ provider: 'mpesa', phone: phone(lastDigit), amountTzs, externalId });
  if (answer.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(answer)}`);
  return { transactionId: answer.transactionId, externalId };
}

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

describe('tokens', () => {
  it('keeps one token for every call until it nears its expiry', async () => {
    const h = await paymentsHarness();
    const first = await push(h, 0);
    await push(h, 2);
    await h.client.status(first);
    expect(h.simulator.stats()).toMatchObject({ tokensIssued: 1, checkouts: 2, statusCalls: 1 });
  });

  it('asks a fresh token once when a call is answered 401, and the call goes through', async () => {
    const h = await paymentsHarness();
    const first = await push(h, 0);
    h.simulator.expireTokens();
    await push(h, 0);
    expect(h.simulator.stats()).toMatchObject({ tokensIssued: 2, checkouts: 2 });
    h.simulator.expireTokens();
    expect(await h.client.status(first)).toMatchObject({ kind: 'paid' });
    expect(h.simulator.stats()).toMatchObject({ tokensIssued: 3, statusCalls: 1 });
  });

  it('asks again before the token expires', async () => {
    const h = await paymentsHarness({ simulator: { tokenLifetimeMs: 400 } });
    await push(h, 0);
    await sleep(250);
    await push(h, 0);
    expect(h.simulator.stats()).toMatchObject({ tokensIssued: 2, checkouts: 2 });
  });

  it('refuses the checkout when the aggregator refuses our credentials, and asks nothing of it', async () => {
    const h = await paymentsHarness();
    const client = clientOf({ ...h.simulator, credentials: { ...h.simulator.credentials, clientSecret: 'not-the-secret' } });
    const answer = await client.checkout({ provider: 'mpesa', phone: phone(0), amountTzs: 5000, externalId: randomUUID() });
    expect(answer).toEqual({ kind: 'refused', reason: expect.stringContaining('credentials') });
    expect(answer.kind === 'refused' && answer.reason).not.toContain('not-the-secret');
    expect(h.simulator.stats()).toMatchObject({ tokensIssued: 0, checkouts: 0 });
  });
});

describe('an aggregator that does not answer', () => {
  it('leaves a checkout in doubt when nothing listens, and the status unanswered', async () => {
    const gone = await listen((_, res) => res.end());
    gone.server.closeAllConnections();
    await new Promise((resolve) => gone.server.close(resolve));
    const client = clientOf({ url: gone.url, credentials: { appName: 'a', clientId: 'b', clientSecret: 'c' } } as PaymentSimulator);
    expect(await client.checkout({ provider: 'mpesa', phone: phone(0), amountTzs: 5000, externalId: randomUUID() })).toMatchObject({ kind: 'in_doubt' });
    expect(await client.status({ transactionId: 'SIM-0-1-x.aaaaaaaaaaaaaaaa', externalId: 'x' })).toMatchObject({ kind: 'no_answer' });
  });

  it('in doubt on a hang and on a 5xx; refused on a 4xx', async () => {
    let checkoutAnswer: (res: http.ServerResponse) => void = () => {};
    const stub = await listen((req, res) => {
      if (req.url?.startsWith('/AppRegistration')) return void res.end(JSON.stringify({ data: { accessToken: 't', expire: new Date(Date.now() + 3_600_000).toISOString() }, success: true }));
      checkoutAnswer(res);
    });
    const client = clientOf({ url: stub.url, credentials: { appName: 'a', clientId: 'b', clientSecret: 'c' } } as PaymentSimulator, { timeoutMs: 300 });
    const ask = () => client.checkout({ provider: 'halopesa', phone: '+255624123450', amountTzs: 5000, externalId: randomUUID() });
    checkoutAnswer = () => {};
    expect(await ask()).toMatchObject({ kind: 'in_doubt', reason: expect.stringContaining('300 ms') });
    checkoutAnswer = (res) => res.writeHead(502).end('<html>bad gateway</html>');
    expect(await ask()).toMatchObject({ kind: 'in_doubt', reason: expect.stringContaining('502') });
    checkoutAnswer = (res) => res.writeHead(422).end(JSON.stringify({ success: false, message: 'Amount exceeds the wallet limit.' }));
    expect(await ask()).toEqual({ kind: 'refused', reason: 'Amount exceeds the wallet limit.' });
    checkoutAnswer = (res) => res.end(JSON.stringify({ success: false, message: 'Provider not supported.' }));
    expect(await ask()).toEqual({ kind: 'refused', reason: 'Provider not supported.' });
  });
});
