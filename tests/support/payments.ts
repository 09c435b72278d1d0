// The payments client against the simulator over loopback, with a small server standing for the service's
// callback route: it keeps each callback's headers and exact bytes for readNotice to prove.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentGateway } from '../../core/app/payments/gateway.ts';
import { createAggregatorClient } from '../../workers/providers/payments/aggregator-client.ts';
import { startPaymentSimulator, type PaymentSimulator, type PaymentSimulatorOptions } from '../../workers/providers/payments/payment-simulator.ts';

export const CALLBACK_SECRET = 'test-callback-secret-of-the-deployment';

export interface ReceivedCallback {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
}

const closers: Array<() => Promise<void>> = [];

/** Everything the harnesses of a test opened, closed (afterEach). */
export async function closePaymentHarnesses(): Promise<void> {
  while (closers.length > 0) await closers.pop()!();
}

/** An HTTP server on loopback; closed with the harnesses. */
export async function listen(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function callbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const { url } = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end('{}');
    });
  });
  return { url, received };
}

export interface PaymentsHarness {
  simulator: PaymentSimulator;
  client: PaymentGateway;
  receiver: CallbackReceiver;
}

export async function paymentsHarness(
  options: { timeoutMs?: number; simulator?: Partial<PaymentSimulatorOptions>; callbackSecret?: string } = {},
): Promise<PaymentsHarness> {
  const receiver = await callbackReceiver();
  const simulator = await startPaymentSimulator({ callbackUrl: receiver.url, callbackSecret: CALLBACK_SECRET, callbackDelayMs: 30, ...options.simulator });
  closers.push(() => simulator.close());
  return { simulator, receiver, client: clientOf(simulator, { timeoutMs: options.timeoutMs, callbackSecret: options.callbackSecret }) };
}

/** A client of the simulator (or of any aggregator on loopback) with its credentials. */
export function clientOf(simulator: Pick<PaymentSimulator, 'url' | 'credentials'>, options: { timeoutMs?: number; callbackSecret?: string } = {}): PaymentGateway {
  return createAggregatorClient({
    authUrl: simulator.url,
    baseUrl: simulator.url,
    ...simulator.credentials,
    apiKey: null,
    callbackSecret: options.callbackSecret ?? CALLBACK_SECRET,
    paybillNumber: '888800',
    simulated: true,
    timeoutMs: options.timeoutMs,
  });
}

export { sleep, waitFor } from './smpp.ts';

/** A Vodacom number ending in the digit that picks the simulator's outcome. */
export const phone = (lastDigit: number) => `+25575412345${lastDigit}`;

/** A checkout the simulator took: its transaction id and our externalId. */
export async function push(h: PaymentsHarness, lastDigit: number, amountTzs = 5000) {
  const externalId = randomUUID();
  const answer = await h.client.checkout({ provider: 'mpesa', phone: phone(lastDigit), amountTzs, externalId });
  if (answer.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(answer)}`);
  return { transactionId: answer.transactionId, externalId };
}
