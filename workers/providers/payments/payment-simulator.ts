// A mobile-money aggregator on loopback for development and tests: the token, checkout and status calls of the
// real API (aggregator-wire.ts), signed callbacks after a delay, and outcomes by the payer number's last digit
// (simulated-outcomes.ts). Nothing is paid.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Credentials } from './aggregator-http.ts';
import { AGGREGATOR_PATHS, AGGREGATOR_PROVIDER } from './aggregator-wire.ts';
import { callbacksFor, checkoutOf, INVALID_ACCOUNT_WORDS, outcomeFor, settlementOf, SIMULATED_EXTERNAL_ID, transactionIdOf, type SimulatedCheckout } from './simulated-outcomes.ts';
import { noticeSender, type NoticeDelivery, type PaybillPayment } from './simulator-notices.ts';

export type { PaybillPayment, NoticeDelivery } from './simulator-notices.ts';

export interface PaymentSimulatorOptions {
  /** Where callbacks go: the service's callback route. */
  callbackUrl: string;
  /** Signs callbacks and tags transaction ids: simulators of one deployment share it. */
  callbackSecret: string;
  /** SIM_PAYMENT_CALLBACK_DELAY_MS: how long the payer takes with the PIN prompt. */
  callbackDelayMs: number;
  /** The credentials the token call takes; random when left out. */
  credentials?: Credentials;
  /** When set, checkouts without this X-API-Key are refused. */
  apiKey?: string | null;
  /** How long a token lasts: an hour by default. */
  tokenLifetimeMs?: number;
  /** How long after the first callback a number ending 3 gets its second: 200 ms by default. */
  secondCallbackAfterMs?: number;
}

export interface PaymentSimulator {
  /** The token host and the checkout host both. */
  url: string;
  credentials: Credentials;
  /** A payment at the paybill: its notice posted (and answered or not) before this resolves; its transaction id. */
  payToPaybill(payment: PaybillPayment): Promise<string>;
  /** The last notice of a transaction (a push callback or a paybill notice) posted again, the same bytes: a duplicate. */
  repeatNotice(transactionId: string): Promise<void>;
  deliveries(): NoticeDelivery[];
  stats(): { tokensIssued: number; checkouts: number; statusCalls: number };
  /** Forgets every token issued, so that the next call with one is answered 401. */
  expireTokens(): void;
  close(): Promise<void>;
}

const ZCheckout = z.object({
  accountNumber: z.string().regex(/^255[0-9]{9}$/, 'accountNumber must be 255 followed by nine digits'),
  amount: z.string().regex(/^[1-9][0-9]{0,9}$/, 'amount must be whole shillings'),
  currency: z.literal('TZS'),
  externalId: z.string().regex(SIMULATED_EXTERNAL_ID, 'externalId must be 1 to 128 letters, digits, _ . : or -'),
  provider: z.enum(Object.values(AGGREGATOR_PROVIDER) as [string, ...string[]]),
});

type Answer = { status: number; body: object } | 'hold';

export async function startPaymentSimulator(options: PaymentSimulatorOptions): Promise<PaymentSimulator> {
  const credentials = options.credentials ?? { appName: 'ujumbe', clientId: randomBytes(12).toString('hex'), clientSecret: randomBytes(24).toString('base64url') };
  const tokenLifetimeMs = options.tokenLifetimeMs ?? 3_600_000;
  const secret = options.callbackSecret;
  const notices = noticeSender(options.callbackUrl, secret);
  const tokens = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<http.ServerResponse>();
  // Checkouts this simulator took, by externalId, for a status asked by externalId (the last thousand).
  const taken = new Map<string, SimulatedCheckout>();
  const counters = { tokensIssued: 0, checkouts: 0, statusCalls: 0 };

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const bearerOf = (req: http.IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const authorized = (req: http.IncomingMessage) => (tokens.get(bearerOf(req)) ?? 0) > Date.now();
  const unauthorized = { status: 401, body: { success: false, message: 'Unauthorized: the access token is missing, wrong or expired.' } };

  function token(body: unknown): Answer {
    const given = z.object({ appName: z.string(), clientId: z.string(), clientSecret: z.string() }).safeParse(body);
    if (!given.success || given.data.appName !== credentials.appName || given.data.clientId !== credentials.clientId || given.data.clientSecret !== credentials.clientSecret) {
      return { status: 401, body: { success: false, message: 'Invalid client credentials.' } };
    }
    const accessToken = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + tokenLifetimeMs;
    tokens.set(accessToken, expiresAt);
    counters.tokensIssued += 1;
    return { status: 200, body: { data: { accessToken, expire: new Date(expiresAt).toISOString() }, success: true, message: 'Token generated successfully', statusCode: 200 } };
  }

  function checkout(req: http.IncomingMessage, body: unknown): Answer {
    if (!authorized(req)) return unauthorized;
    if (options.apiKey && req.headers['x-api-key'] !== options.apiKey) return { status: 403, body: { success: false, message: 'Invalid X-API-Key.' } };
    const parsed = ZCheckout.safeParse(body);
    if (!parsed.success) return { status: 400, body: { success: false, message: parsed.error.issues[0]!.message } };
    counters.checkouts += 1;
    const { accountNumber, externalId, provider } = parsed.data;
    const taking: SimulatedCheckout = { outcome: outcomeFor(accountNumber), amountTzs: Number(parsed.data.amount), externalId };
    if (taking.outcome === 'checkout_refused') return { status: 400, body: { success: false, message: INVALID_ACCOUNT_WORDS } };
    taken.set(externalId, taking);
    if (taken.size > 1000) taken.delete(taken.keys().next().value!);
    if (taking.outcome === 'checkout_hangs') return 'hold';
    const transactionId = transactionIdOf(secret, taking);
    const settlement = settlementOf(taking);
    const copies = callbacksFor(taking.outcome);
    if (settlement && copies > 0) {
      const send = () => void notices.push({ transactionId, externalId, msisdn: accountNumber, provider, ...settlement });
      later(options.callbackDelayMs, () => {
        send();
        if (copies > 1) later(options.secondCallbackAfterMs ?? 200, () => void notices.repeat(transactionId));
      });
    }
    return { status: 200, body: { success: true, transactionId, message: 'Your request has been received and is being processed.' } };
  }

  function status(req: http.IncomingMessage, url: URL): Answer {
    if (!authorized(req)) return unauthorized;
    counters.statusCalls += 1;
    const byId = url.searchParams.get('pgReferenceId');
    const found = byId ? checkoutOf(secret, byId) : taken.get(url.searchParams.get('utilityref') ?? '');
    const notFound = { status: 404, body: { success: false, message: 'Transaction not found.' } };
    if (!found) return notFound;
    if (found.outcome === 'status_fails') return { status: 503, body: { success: false, message: 'Service temporarily unavailable.' } };
    const reference = transactionIdOf(secret, found);
    const settlement = settlementOf(found);
    const data = settlement
      ? { reference, utilityref: found.externalId, transactionstatus: settlement.standing, amount: String(settlement.amountTzs), message: settlement.message }
      : { reference, utilityref: found.externalId, transactionstatus: 'pending', amount: String(found.amountTzs), message: 'Waiting for the payer.' };
    return { status: 200, body: { success: true, message: 'Transaction status', data } };
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const body = req.method === 'POST' ? await jsonBody(req) : undefined;
    const key = `${req.method} ${url.pathname}`;
    const answer: Answer =
      key === `POST ${AGGREGATOR_PATHS.token}`
        ? token(body)
        : key === `POST ${AGGREGATOR_PATHS.checkout}`
          ? checkout(req, body)
          : key === `GET ${AGGREGATOR_PATHS.status}`
            ? status(req, url)
            : { status: 404, body: { success: false, message: 'No such endpoint.' } };
    if (answer === 'hold') {
      // Never answered: the client's own timer ends the wait, or the simulator's close does.
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch(() => res.writeHead(400, { 'content-type': 'application/json' }).end('{"success":false,"message":"Bad request."}'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    payToPaybill: (payment) => notices.paybill(payment),
    repeatNotice: (transactionId) => notices.repeat(transactionId),
    deliveries: () => notices.deliveries(),
    stats: () => ({ ...counters }),
    expireTokens: () => tokens.clear(),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const res of held) res.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** A request's JSON body (64 KB at most); throws on anything else, answered 400. */
async function jsonBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 65_536) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}
