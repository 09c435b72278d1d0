// The aggregator client's token (kept, refreshed) and its calls to an aggregator that hangs, fails, refuses or
// answers about another payment: never an exception, always an answer of the port.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { clientOf, closePaymentHarnesses, listen, paymentsHarness, phone, push, sleep } from '../support/payments.ts';

afterEach(closePaymentHarnesses);

/**
 * A client of a real HTTP aggregator on loopback that issues tokens and answers every other call as `answer`
 * scripts it: the misbehaviour (a hang, a 5xx, an answer about another payment) the simulator never shows.
 */
async function scriptedAggregator(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void, timeoutMs = 300) {
  const aggregator = await listen((req, res) => {
    if (req.url?.startsWith('/AppRegistration')) return void res.end(JSON.stringify({ data: { accessToken: 't', expire: new Date(Date.now() + 3_600_000).toISOString() }, success: true }));
    answer(req, res);
  });
  return clientOf({ url: aggregator.url, credentials: { appName: 'a', clientId: 'b', clientSecret: 'c' } }, { timeoutMs });
}

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
    const client = clientOf({ url: gone.url, credentials: { appName: 'a', clientId: 'b', clientSecret: 'c' } });
    expect(await client.checkout({ provider: 'mpesa', phone: phone(0), amountTzs: 5000, externalId: randomUUID() })).toMatchObject({ kind: 'in_doubt' });
    expect(await client.status({ transactionId: 'SIM-0-1-x.aaaaaaaaaaaaaaaa', externalId: 'x' })).toMatchObject({ kind: 'no_answer' });
  });

  it('in doubt on a hang and on a 5xx; refused on a 4xx or a success of false', async () => {
    let checkoutAnswer: (res: http.ServerResponse) => void = () => {};
    const client = await scriptedAggregator((_, res) => checkoutAnswer(res));
    const ask = () => client.checkout({ provider: 'halopesa', phone: '+255624123450', amountTzs: 5000, externalId: randomUUID() });
    checkoutAnswer = () => {};
    expect(await ask()).toMatchObject({ kind: 'in_doubt', reason: expect.stringContaining('300 ms') });
    checkoutAnswer = (res) => res.writeHead(502).end('<html>bad gateway</html>');
    expect(await ask()).toMatchObject({ kind: 'in_doubt', reason: expect.stringContaining('502') });
    checkoutAnswer = (res) => res.end('<html>maintenance</html>');
    expect(await ask()).toMatchObject({ kind: 'in_doubt' });
    checkoutAnswer = (res) => res.writeHead(422).end(JSON.stringify({ success: false, message: 'Amount exceeds the wallet limit.' }));
    expect(await ask()).toEqual({ kind: 'refused', reason: 'Amount exceeds the wallet limit.' });
    checkoutAnswer = (res) => res.end(JSON.stringify({ success: false, message: 'Provider not supported.' }));
    expect(await ask()).toEqual({ kind: 'refused', reason: 'Provider not supported.' });
  });
});

describe('status answers', () => {
  const data = (fields: Record<string, unknown>) => ({ success: true, message: 'ok', data: { reference: 'AGG-1', utilityref: 'ours', transactionstatus: 'success', amount: '1000.00', ...fields } });

  it('reads the amount paid exactly, and a failure’s code from its words', async () => {
    let body: object = data({});
    const client = await scriptedAggregator((_, res) => res.end(JSON.stringify(body)));
    expect(await client.status({ transactionId: 'AGG-1', externalId: 'ours' })).toEqual({ kind: 'paid', transactionId: 'AGG-1', amountTzs: 1000 });
    body = data({ transactionstatus: 'failure', message: 'Insufficient balance' });
    expect(await client.status({ transactionId: 'AGG-1', externalId: 'ours' })).toMatchObject({ kind: 'failed', code: 'insufficient_funds', reason: 'Insufficient balance' });
    body = data({ amount: '1000.50' });
    expect(await client.status({ transactionId: 'AGG-1', externalId: 'ours' })).toMatchObject({ kind: 'no_answer' });
  });

  it('never takes an answer about another payment for this one', async () => {
    let body: object = data({ reference: 'AGG-2' });
    const client = await scriptedAggregator((_, res) => res.end(JSON.stringify(body)));
    expect(await client.status({ transactionId: 'AGG-1', externalId: 'ours' })).toMatchObject({ kind: 'no_answer', reason: expect.stringContaining('another payment') });
    body = data({ utilityref: 'theirs' });
    expect(await client.status({ transactionId: null, externalId: 'ours' })).toMatchObject({ kind: 'no_answer', reason: expect.stringContaining('another payment') });
  });

  it('asks by the transaction id when known, else by our externalId; not found is not_found', async () => {
    const asked: string[] = [];
    const client = await scriptedAggregator((req, res) => {
      asked.push(req.url!);
      res.writeHead(404).end(JSON.stringify({ success: false, message: 'Transaction not found.' }));
    });
    expect(await client.status({ transactionId: 'AGG 1', externalId: 'ours' })).toEqual({ kind: 'not_found' });
    expect(await client.status({ transactionId: null, externalId: 'ours' })).toEqual({ kind: 'not_found' });
    expect(asked).toEqual(['/azampay/gettransactionstatus?pgReferenceId=AGG+1', '/azampay/gettransactionstatus?utilityref=ours']);
  });
});
