// Callbacks of the aggregator proven and read: the signature before anything else, paybill notices and their
// duplicates from the simulator, and amounts read as whole shillings exactly.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { signatureOf } from '../../workers/providers/payments/aggregator-wire.ts';
import { readNotice } from '../../workers/providers/payments/notice-reader.ts';
import { CALLBACK_SECRET, clientOf, closePaymentHarnesses, paymentsHarness, waitFor } from '../support/payments.ts';

afterEach(closePaymentHarnesses);

const callback = (fields: Record<string, unknown> = {}) => ({
  msisdn: '255754123450',
  amount: '5000',
  message: 'Payment received.',
  utilityref: 'a5f0c7f2-8d7c-4d0e-9b7e-2d1c4f7b9a10',
  operator: 'Mpesa',
  reference: 'AGG-1',
  transactionstatus: 'success',
  submerchantAcc: null,
  fspReferenceId: 'FSP1',
  additionalProperties: null,
  ...fields,
});

/** A body signed with the deployment's secret, and read. */
function readSigned(body: unknown) {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return readNotice(CALLBACK_SECRET, { 'x-callback-signature': signatureOf(CALLBACK_SECRET, raw) }, raw);
}

describe('the signature', () => {
  it('proves a callback the simulator sent, and refuses it tampered, unsigned, or under another secret', async () => {
    const h = await paymentsHarness();
    await h.client.checkout({ provider: 'mpesa', phone: '+255754123450', amountTzs: 5000, externalId: randomUUID() });
    await waitFor(() => h.receiver.received.length === 1);
    const { headers, body } = h.receiver.received[0]!;
    expect(h.client.readNotice(headers, body)).toMatchObject({ notice: { kind: 'push', amountTzs: 5000 } });
    const tampered = Buffer.from(body.toString().replace('"amount":"5000"', '"amount":"9000"'));
    expect(tampered.equals(body)).toBe(false);
    expect(h.client.readNotice(headers, tampered)).toMatchObject({ refused: { kind: 'bad_signature' } });
    expect(h.client.readNotice({ 'content-type': 'application/json' }, body)).toMatchObject({ refused: { kind: 'unsigned' } });
    const otherDeployment = clientOf(h.simulator, { callbackSecret: 'another-deployment-callback-secret' });
    expect(otherDeployment.readNotice(headers, body)).toMatchObject({ refused: { kind: 'bad_signature' } });
  });

  it('refuses a signature of the wrong form or length, or given twice, without reading the body', () => {
    const raw = Buffer.from('not even JSON');
    const good = signatureOf(CALLBACK_SECRET, raw);
    for (const header of ['sha256=abc', good.slice(0, -2), good.replace('sha256=', 'sha1='), good.slice('sha256='.length), [good, good]]) {
      expect(readNotice(CALLBACK_SECRET, { 'x-callback-signature': header }, raw)).toMatchObject({ refused: { kind: 'bad_signature' } });
    }
    expect(readNotice(CALLBACK_SECRET, {}, raw)).toMatchObject({ refused: { kind: 'unsigned' } });
    expect(readNotice(CALLBACK_SECRET, { 'X-Callback-Signature': good }, raw)).toMatchObject({ refused: { kind: 'malformed', message: expect.stringContaining('not JSON') } });
  });
});

describe('reading a proven callback', () => {
  it('reads whole shillings exactly from text or number, and refuses a fraction of one', () => {
    for (const amount of ['1000', '1000.00', 1000, ' 1000.0 ']) expect(readSigned(callback({ amount }))).toMatchObject({ notice: { amountTzs: 1000 } });
    for (const amount of ['1000.5', 1000.5, '1000.01', '1e3', '-1000', '1,000', '', '10000000000']) {
      expect(readSigned(callback({ amount }))).toMatchObject({ refused: { kind: 'malformed', message: expect.stringContaining('amount') } });
    }
    expect(readSigned(callback({ amount: '0' }))).toMatchObject({ refused: { kind: 'malformed' } });
    expect(readSigned(callback({ amount: '0', transactionstatus: 'failure' }))).toMatchObject({ notice: { amountTzs: 0 } });
  });

  it('reads a push callback: our externalId, the payer in E.164, the failure’s code from its words', () => {
    expect(readSigned(callback())).toEqual({
      notice: { kind: 'push', transactionId: 'AGG-1', externalId: 'a5f0c7f2-8d7c-4d0e-9b7e-2d1c4f7b9a10', amountTzs: 5000, failure: null, payerPhone: '+255754123450' },
    });
    expect(readSigned(callback({ transactionstatus: 'failure', message: 'Request timed out: the subscriber did not enter the PIN' }))).toMatchObject({
      notice: { failure: { code: 'payer_timeout', reason: 'Request timed out: the subscriber did not enter the PIN' } },
    });
    expect(readSigned(callback({ transactionstatus: 'FAILURE', message: 'General error' }))).toMatchObject({ notice: { failure: { code: 'other' } } });
  });

  it('refuses what is not a notice once proven: not JSON, a field missing, a status neither success nor failure', () => {
    const { reference: _, ...withoutReference } = callback();
    for (const body of ['{"amount":', withoutReference, callback({ transactionstatus: 'pending' }), callback({ additionalProperties: { channel: 'ussd' } }), [callback()]]) {
      expect(readSigned(body)).toMatchObject({ refused: { kind: 'malformed' } });
    }
  });

  it('tells a paybill notice by its channel, and refuses a failed one', () => {
    const paybill = callback({ utilityref: '12345674', operator: 'Airtel', msisdn: '255784123450', additionalProperties: { channel: 'paybill' } });
    expect(readSigned(paybill)).toEqual({
      notice: { kind: 'paybill', transactionId: 'AGG-1', accountReference: '12345674', amountTzs: 5000, payerPhone: '+255784123450', provider: 'airtel_money' },
    });
    expect(readSigned({ ...paybill, transactionstatus: 'failure' })).toMatchObject({ refused: { kind: 'malformed' } });
  });
});

describe('paybill payments from the simulator', () => {
  it('sends a signed notice with a fresh transaction id, and the same notice again as a duplicate', async () => {
    const h = await paymentsHarness();
    const payment = { accountReference: '12345674', amountTzs: 20_000, payerPhone: '+255654123450', provider: 'mixx_by_yas' as const };
    const transactionId = await h.simulator.payToPaybill(payment);
    const another = await h.simulator.payToPaybill(payment);
    expect(another).not.toBe(transactionId);
    expect(h.receiver.received).toHaveLength(2);
    const notice = { kind: 'paybill', transactionId, accountReference: '12345674', amountTzs: 20_000, payerPhone: '+255654123450', provider: 'mixx_by_yas' };
    expect(h.client.readNotice(h.receiver.received[0]!.headers, h.receiver.received[0]!.body)).toEqual({ notice });
    await h.simulator.repeatNotice(transactionId);
    expect(h.receiver.received[2]!.body.equals(h.receiver.received[0]!.body)).toBe(true);
    expect(h.client.readNotice(h.receiver.received[2]!.headers, h.receiver.received[2]!.body)).toEqual({ notice });
    expect(h.simulator.deliveries().map((d) => [d.transactionId, d.kind, d.answeredWith])).toEqual([
      [transactionId, 'paybill', 200],
      [another, 'paybill', 200],
      [transactionId, 'paybill', 200],
    ]);
  });
});
