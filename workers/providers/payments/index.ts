// The payments gateway of a process: with LIVE_PAYMENTS the aggregator's client on the PAYMENTS_* settings;
// otherwise the same client pointed at a simulator of this process, started the first time a payment needs it
// (a CLI command that pays nothing opens no server).
import { createHmac, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../../core/app/context.ts';
import type { PaymentGateway } from '../../../core/app/payments/gateway.ts';
import { createAggregatorClient } from './aggregator-client.ts';
import { readNotice } from './notice-reader.ts';
import { startPaymentSimulator, type PaymentSimulator } from './payment-simulator.ts';

export type { PaymentSimulator, PaybillPayment, NoticeDelivery } from './payment-simulator.ts';

export interface PaymentGatewayOptions {
  /** Where the aggregator posts its callbacks: the public URL of the callback route. */
  callbackUrl: string;
  /** How long one call to the aggregator may take before it is taken as unanswered: 10 s by default. */
  timeoutMs?: number;
}

/** The gateway, and with live payments off the simulator behind it (started on first call), for tests and tools. */
export type Payments = PaymentGateway & { simulator: (() => Promise<PaymentSimulator>) | null };

/**
 * The callback secret of the simulator: derived from the deployment's WEBHOOK_SECRETS_KEY, so that the API, the
 * worker and the CLI, each with a simulator of its own, sign and verify alike with no secret in the repository.
 */
export function simulatorCallbackSecret(webhookSecretsKey: Buffer): string {
  return createHmac('sha256', webhookSecretsKey).update('ujumbe mobile-money simulator callbacks').digest('hex');
}

export function createPaymentGateway(config: AppConfig, options: PaymentGatewayOptions): Payments {
  const p = config.payments;
  if (p.live) {
    const { authUrl, baseUrl, appName, clientId, clientSecret, callbackSecret } = p;
    if (!authUrl || !baseUrl || !appName || !clientId || !clientSecret || !callbackSecret) {
      throw new Error('live payments need every PAYMENTS_* setting of the aggregator');
    }
    const client = createAggregatorClient({
      authUrl, baseUrl, appName, clientId, clientSecret, callbackSecret,
      apiKey: p.apiKey,
      paybillNumber: p.paybillNumber,
      simulated: false,
      timeoutMs: options.timeoutMs,
    });
    return { ...client, simulator: null };
  }
  return simulatedGateway(config, options);
}

function simulatedGateway(config: AppConfig, options: PaymentGatewayOptions): Payments {
  const callbackSecret = simulatorCallbackSecret(config.webhookSecretsKey);
  // Credentials of this process alone: its client is the only one that talks to its simulator.
  const credentials = { appName: 'ujumbe', clientId: randomBytes(12).toString('hex'), clientSecret: randomBytes(24).toString('base64url') };
  let started: Promise<{ simulator: PaymentSimulator; client: PaymentGateway }> | null = null;
  let closed = false;

  const start = () => {
    if (closed) return Promise.reject(new Error('the payments simulator was closed'));
    started ??= startPaymentSimulator({ callbackUrl: options.callbackUrl, callbackSecret, callbackDelayMs: config.payments.simulatorCallbackDelayMs, credentials }).then(
      (simulator) => ({
        simulator,
        client: createAggregatorClient({
          authUrl: simulator.url, baseUrl: simulator.url, ...credentials, apiKey: null, callbackSecret,
          paybillNumber: config.payments.paybillNumber, simulated: true, timeoutMs: options.timeoutMs,
        }),
      }),
      (err: unknown) => {
        started = null;
        throw err;
      },
    );
    return started;
  };

  return {
    async checkout(request) {
      try {
        return await (await start()).client.checkout(request);
      } catch (err) {
        return { kind: 'in_doubt', reason: `the payments simulator did not start: ${(err as Error)?.message ?? String(err)}` };
      }
    },
    async status(query) {
      try {
        return await (await start()).client.status(query);
      } catch (err) {
        return { kind: 'no_answer', reason: `the payments simulator did not start: ${(err as Error)?.message ?? String(err)}` };
      }
    },
    // Proving a callback needs only the secret: an API that takes callbacks starts no simulator for it.
    readNotice: (headers, rawBody) => readNotice(callbackSecret, headers, rawBody),
    paybillNumber: config.payments.paybillNumber,
    simulated: true,
    simulator: async () => (await start()).simulator,
    async close() {
      closed = true;
      const running = started;
      started = null;
      if (running) await (await running.catch(() => null))?.simulator.close();
    },
  };
}
