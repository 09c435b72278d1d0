// The payments port over HTTP to a mobile-money aggregator of the shape Tanzania's aggregators publish (AzamPay's
// API is the model): a client-credentials token, the MNO checkout, the transaction status, signed callbacks.
// Nothing here throws: every failure is an answer of the port.
import type { CheckoutAnswer, CheckoutRequest, PaymentGateway, PaymentStatus } from '../../../core/app/payments/gateway.ts';
import { call, messageOf, tokenCache, type Credentials, type Reply } from './aggregator-http.ts';
import { AGGREGATOR_PATHS, AGGREGATOR_PROVIDER, failureOf, standingOf, wholeShillings, ZCheckoutAnswer, ZStatusAnswer } from './aggregator-wire.ts';
import { readNotice } from './notice-reader.ts';

export interface AggregatorClientOptions extends Credentials {
  /** The token host (PAYMENTS_AUTH_URL) and the checkout host (PAYMENTS_BASE_URL). */
  authUrl: string;
  baseUrl: string;
  /** Sent as X-API-Key when set (PAYMENTS_API_KEY). */
  apiKey: string | null;
  /** The key of the callbacks' HMAC (PAYMENTS_CALLBACK_SECRET). */
  callbackSecret: string;
  paybillNumber: string;
  simulated: boolean;
  /** How long one call may take before its answer is taken as never coming: 10 s by default. */
  timeoutMs?: number;
  /** Runs at close (a simulator behind the client). */
  onClose?: () => Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

export function createAggregatorClient(options: AggregatorClientOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = withoutSlash(options.baseUrl);
  const tokens = tokenCache(withoutSlash(options.authUrl), { appName: options.appName, clientId: options.clientId, clientSecret: options.clientSecret }, timeoutMs);

  /** A call with the token, made once more with a fresh token when the aggregator says 401. */
  async function authorized(url: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Reply | { refused: string } | { noAnswer: string }> {
    let reply: Reply | null = null;
    let stale: string | undefined;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = await tokens.get(stale);
      if (!('token' in token)) return token;
      const headers: Record<string, string> = { authorization: `Bearer ${token.token}`, ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) };
      reply = await call(url, { ...init, headers }, timeoutMs);
      if (reply.kind !== 'answer' || reply.status !== 401) return reply;
      stale = token.token;
    }
    return reply!;
  }

  async function checkout(request: CheckoutRequest): Promise<CheckoutAnswer> {
    if (!/^\+?255[0-9]{9}$/.test(request.phone)) return { kind: 'refused', reason: 'The payer’s number is not a Tanzanian mobile number (+255…).' };
    if (!Number.isSafeInteger(request.amountTzs) || request.amountTzs < 1) return { kind: 'refused', reason: 'The amount is not a whole number of shillings.' };
    const body = {
      accountNumber: request.phone.replace(/^\+/, ''),
      amount: String(request.amountTzs),
      currency: 'TZS',
      externalId: request.externalId,
      provider: AGGREGATOR_PROVIDER[request.provider],
    };
    const reply = await authorized(`${baseUrl}${AGGREGATOR_PATHS.checkout}`, { method: 'POST', body });
    if ('refused' in reply) return { kind: 'refused', reason: reply.refused };
    if ('noAnswer' in reply) return { kind: 'in_doubt', reason: reply.noAnswer };
    if (reply.kind === 'no_answer') return { kind: 'in_doubt', reason: `checkout: ${reply.reason}` };
    const words = messageOf(reply.json);
    if (reply.status >= 500) return { kind: 'in_doubt', reason: `checkout: the aggregator answered ${reply.status}${words ? `: ${words}` : ''}` };
    if (reply.status >= 400) return { kind: 'refused', reason: words ?? `The aggregator refused the checkout (${reply.status}).` };
    const answer = ZCheckoutAnswer.safeParse(reply.json);
    if (reply.status < 200 || reply.status >= 300 || !answer.success) return { kind: 'in_doubt', reason: `checkout: an answer that cannot be read (${reply.status})` };
    if (!answer.data.success) return { kind: 'refused', reason: words ?? 'The aggregator refused the checkout.' };
    if (!answer.data.transactionId) return { kind: 'in_doubt', reason: 'checkout: taken without a transaction id' };
    return { kind: 'accepted', transactionId: answer.data.transactionId };
  }

  async function status(query: Parameters<PaymentGateway['status']>[0]): Promise<PaymentStatus> {
    const search = new URLSearchParams(query.transactionId ? { pgReferenceId: query.transactionId } : { utilityref: query.externalId });
    if (query.provider) search.set('bankName', AGGREGATOR_PROVIDER[query.provider]);
    const reply = await authorized(`${baseUrl}${AGGREGATOR_PATHS.status}?${search}`, { method: 'GET' });
    if ('refused' in reply) return { kind: 'no_answer', reason: reply.refused };
    if ('noAnswer' in reply) return { kind: 'no_answer', reason: reply.noAnswer };
    if (reply.kind === 'no_answer') return { kind: 'no_answer', reason: `status: ${reply.reason}` };
    if (reply.status === 404) return { kind: 'not_found' };
    const answer = ZStatusAnswer.safeParse(reply.json);
    if (reply.status !== 200 || !answer.success) return { kind: 'no_answer', reason: `status: the aggregator answered ${reply.status}${messageOf(reply.json) ? `: ${messageOf(reply.json)}` : ''}` };
    const data = answer.data.data;
    if (!answer.data.success || !data) {
      return /not found|does not exist|no (such )?transaction/i.test(answer.data.message ?? '')
        ? { kind: 'not_found' }
        : { kind: 'no_answer', reason: `status: ${answer.data.message ?? 'the aggregator did not say'}` };
    }
    // An answer about another payment would settle this one with its money.
    if ((query.transactionId && data.reference !== query.transactionId) || (data.utilityref && data.utilityref !== query.externalId)) {
      return { kind: 'no_answer', reason: 'status: the answer names another payment' };
    }
    const standing = standingOf(data.transactionstatus);
    if (standing === 'pending') return { kind: 'pending' };
    if (standing === 'failure') return { kind: 'failed', ...failureOf(data.message ?? answer.data.message) };
    const amountTzs = data.amount === null || data.amount === undefined ? null : wholeShillings(data.amount);
    if (standing === null || amountTzs === null || amountTzs < 1) {
      return { kind: 'no_answer', reason: `status: cannot read ${JSON.stringify({ transactionstatus: data.transactionstatus, amount: data.amount })}` };
    }
    return { kind: 'paid', transactionId: data.reference, amountTzs };
  }

  return {
    // Neither throws by design; a bug that would is still an answer, never a failed request.
    checkout: (request) => checkout(request).catch((err: unknown) => ({ kind: 'in_doubt', reason: `checkout: ${String(err)}` })),
    status: (query) => status(query).catch((err: unknown) => ({ kind: 'no_answer', reason: `status: ${String(err)}` })),
    readNotice: (headers, rawBody) => readNotice(options.callbackSecret, headers, rawBody),
    paybillNumber: options.paybillNumber,
    simulated: options.simulated,
    async close() {
      await options.onClose?.();
    },
  };
}
