// The service taking payments as it runs: the test app listening on loopback for the simulator's callbacks, and
// the process's gateway (the aggregator client and the built-in simulator) given to its use cases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestEnv } from './app.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { createPaymentGateway, simulatorCallbackSecret, type Payments } from '../../workers/providers/payments/index.ts';
import { SIGNATURE_HEADER, signatureOf } from '../../workers/providers/payments/aggregator-wire.ts';

export interface TestPayments {
  gateway: Payments;
  callbackDelayMs: number;
  /** A payment at the paybill (sent twice when asked: the same bytes again); its transaction id. */
  payToPaybill(payment: { accountReference: string; amountTzs: number; twice?: boolean }): Promise<string>;
  /** Waits until the service answered n notices of the transaction. */
  waitForCallbacks(transactionId: string, n: number): Promise<void>;
  /** The payment's row, once it is there. */
  waitForPayment(transactionId: string): Promise<Record<string, any>[]>;
  secret: string;
  close(): Promise<void>;
}

export async function startPayments(env: TestEnv, options: { callbackDelayMs?: number; timeoutMs?: number } = {}): Promise<TestPayments> {
  const callbackDelayMs = options.callbackDelayMs ?? 300;
  const server = http.createServer(env.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${REST_PATHS.receiveMobileMoneyNotice}`;
  const config = { ...env.deps.config, payments: { ...env.deps.config.payments, simulatorCallbackDelayMs: callbackDelayMs } };
  const gateway = createPaymentGateway(config, { callbackUrl, timeoutMs: options.timeoutMs ?? 1_000 });
  env.deps.payments = gateway;
  const simulator = () => gateway.simulator!();
  const until = async (done: () => Promise<boolean>, what: string) => {
    for (const deadline = Date.now() + 15_000; !(await done()); ) {
      if (Date.now() > deadline) throw new Error(`${what}: not within 15 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return {
    gateway,
    callbackDelayMs,
    secret: simulatorCallbackSecret(config.webhookSecretsKey),
    async payToPaybill({ accountReference, amountTzs, twice }) {
      const sim = await simulator();
      const transactionId = await sim.payToPaybill({ accountReference, amountTzs, payerPhone: '+255754000001', provider: 'mpesa' });
      if (twice) await sim.repeatNotice(transactionId);
      return transactionId;
    },
    async waitForCallbacks(transactionId, n) {
      const sim = await simulator();
      await until(async () => sim.deliveries().filter((d) => d.transactionId === transactionId && d.answeredWith !== null).length >= n, `${n} notices of ${transactionId}`);
    },
    async waitForPayment(transactionId) {
      let found: Record<string, any>[] = [];
      await until(async () => {
        found = await env.sql('select * from mobile_money_payments where transaction_id = ?', [transactionId]);
        return found.length > 0;
      }, `the payment ${transactionId}`);
      return found;
    },
    async close() {
      await gateway.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A push payment's callback as the aggregator words it, signed with the deployment's callback secret. */
export function signedNotice(pay: TestPayments, n: { externalId: string; transactionId: string; amountTzs: number; paid: boolean }) {
  const body = JSON.stringify({
    msisdn: '255754000001',
    amount: String(n.amountTzs),
    message: n.paid ? 'Payment successful.' : 'Insufficient funds in the payer’s wallet.',
    utilityref: n.externalId,
    operator: 'Mpesa',
    reference: n.transactionId,
    transactionstatus: n.paid ? 'success' : 'failure',
    submerchantAcc: null,
    fspReferenceId: 'FSP1',
    additionalProperties: null,
  });
  return { body, headers: { [SIGNATURE_HEADER]: signatureOf(pay.secret, body) } };
}
