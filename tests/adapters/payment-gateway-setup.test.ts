// The gateway each process gets (workers/providers/payments/index.ts): the simulator started only when a payment
// needs it, processes of one deployment agreeing on callbacks and statuses, and the live client on its settings.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig, type AppConfig } from '../../core/app/context.ts';
import { createPaymentGateway, type Payments } from '../../workers/providers/payments/index.ts';
import { startPaymentSimulator } from '../../workers/providers/payments/payment-simulator.ts';
import { callbackReceiver, closePaymentHarnesses, sleep, waitFor } from '../support/payments.ts';

const opened: Payments[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close();
  await closePaymentHarnesses();
});

function gateway(config: AppConfig, callbackUrl: string): Payments {
  const payments = createPaymentGateway(config, { callbackUrl });
  opened.push(payments);
  return payments;
}

const deployment = (key = randomBytes(32)): AppConfig => ({ ...defaultConfig, webhookSecretsKey: key, payments: { ...defaultConfig.payments, simulatorCallbackDelayMs: 20 } });
const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

describe('with live payments off', () => {
  it('opens no server until a payment needs one, and closes it with the gateway', async () => {
    const receiver = await callbackReceiver();
    const before = servers();
    const payments = gateway(deployment(), receiver.url);
    expect({ simulated: payments.simulated, paybillNumber: payments.paybillNumber }).toEqual({ simulated: true, paybillNumber: '888800' });
    expect(payments.readNotice({}, Buffer.from('{}'))).toMatchObject({ refused: { kind: 'unsigned' } });
    // A server would be listening by now.
    await sleep(100);
    expect(servers()).toBe(before);
    const answer = await payments.checkout({ provider: 'mpesa', phone: '+255754123450', amountTzs: 5000, externalId: randomUUID() });
    expect(answer).toMatchObject({ kind: 'accepted' });
    expect(servers()).toBe(before + 1);
    await payments.close();
    // libuv lets a closed handle go on its next turn.
    await waitFor(() => servers() === before, 1000);
    expect(await payments.checkout({ provider: 'mpesa', phone: '+255754123450', amountTzs: 5000, externalId: randomUUID() })).toMatchObject({ kind: 'in_doubt' });
  });

  it('lets the processes of one deployment read each other’s callbacks and statuses, and no other deployment', async () => {
    const receiver = await callbackReceiver();
    const config = deployment();
    const api = gateway(config, receiver.url);
    const worker = gateway(config, receiver.url);
    const elsewhere = gateway(deployment(), receiver.url);
    const externalId = randomUUID();
    const answer = await api.checkout({ provider: 'halopesa', phone: '+255624123454', amountTzs: 3000, externalId });
    if (answer.kind !== 'accepted') throw new Error(JSON.stringify(answer));
    await waitFor(() => receiver.received.length === 1);
    const { headers, body } = receiver.received[0]!;
    expect(worker.readNotice(headers, body)).toMatchObject({ notice: { kind: 'push', externalId, amountTzs: 2500 } });
    expect(elsewhere.readNotice(headers, body)).toMatchObject({ refused: { kind: 'bad_signature' } });
    expect(await worker.status({ transactionId: answer.transactionId, externalId })).toEqual({ kind: 'paid', transactionId: answer.transactionId, amountTzs: 2500 });
    expect(await elsewhere.status({ transactionId: answer.transactionId, externalId })).toEqual({ kind: 'not_found' });
  });

  it('hands tools the simulator behind it, for paybill payments', async () => {
    const receiver = await callbackReceiver();
    const payments = gateway(deployment(), receiver.url);
    const transactionId = await (await payments.simulator!()).payToPaybill({ accountReference: '12345674', amountTzs: 1000, payerPhone: '+255754123450', provider: 'mpesa' });
    const { headers, body } = receiver.received[0]!;
    expect(payments.readNotice(headers, body)).toMatchObject({ notice: { kind: 'paybill', transactionId, accountReference: '12345674' } });
  });
});

describe('with live payments on', () => {
  it('speaks to the aggregator of the settings with their credentials and API key, and verifies with their callback secret', async () => {
    const receiver = await callbackReceiver();
    const credentials = { appName: 'ujumbe-live', clientId: 'client-1', clientSecret: randomBytes(16).toString('hex') };
    const callbackSecret = randomBytes(24).toString('hex');
    const aggregator = await startPaymentSimulator({ callbackUrl: receiver.url, callbackSecret, callbackDelayMs: 20, credentials, apiKey: 'api-key-1' });
    const live = (apiKey: string) => ({
      ...deployment(),
      payments: { ...defaultConfig.payments, live: true, authUrl: aggregator.url, baseUrl: `${aggregator.url}/`, ...credentials, apiKey, callbackSecret, paybillNumber: '555123' },
    });
    try {
      const payments = gateway(live('api-key-1'), receiver.url);
      expect({ simulated: payments.simulated, simulator: payments.simulator, paybillNumber: payments.paybillNumber }).toEqual({ simulated: false, simulator: null, paybillNumber: '555123' });
      expect(await payments.checkout({ provider: 'mpesa', phone: '+255754123450', amountTzs: 5000, externalId: randomUUID() })).toMatchObject({ kind: 'accepted' });
      await waitFor(() => receiver.received.length === 1);
      expect(payments.readNotice(receiver.received[0]!.headers, receiver.received[0]!.body)).toMatchObject({ notice: { amountTzs: 5000 } });
      const wrongKey = gateway(live('api-key-2'), receiver.url);
      expect(await wrongKey.checkout({ provider: 'mpesa', phone: '+255754123450', amountTzs: 5000, externalId: randomUUID() })).toMatchObject({ kind: 'refused' });
    } finally {
      await aggregator.close();
    }
  });
});
