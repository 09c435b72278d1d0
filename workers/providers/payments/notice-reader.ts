// Proving and reading the aggregator's callbacks: the signature over the raw body first (nothing of an unproven
// body is read), then the body against its schema.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NoticeRefusal, PaymentNotice } from '../../../core/app/payments/gateway.ts';
import { failureOf, payerPhoneOf, providerNamed, SIGNATURE_HEADER, standingOf, wholeShillings, ZCallbackBody, type TCallbackBody } from './aggregator-wire.ts';

type Headers = Record<string, string | string[] | undefined>;
type Reading = { notice: PaymentNotice } | { refused: NoticeRefusal };

const refuse = (kind: NoticeRefusal['kind'], message: string): Reading => ({ refused: { kind, message } });

/** The signature header's value, whatever the case of its name; an array when it came more than once. */
function headerOf(headers: Headers, name: string): string | string[] | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Whether the header proves the body: the hex HMAC-SHA256 of its bytes under the secret, compared in constant
 * time on buffers of equal length (a hex of the wrong length is refused before any comparison).
 */
function proves(secret: string, header: string, rawBody: Buffer): boolean {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

export function readNotice(secret: string, headers: Headers, rawBody: Buffer): Reading {
  const header = headerOf(headers, SIGNATURE_HEADER);
  if (header === undefined || header === '') return refuse('unsigned', `The callback carries no ${SIGNATURE_HEADER} header.`);
  if (Array.isArray(header) || !proves(secret, header, rawBody)) {
    return refuse('bad_signature', `The ${SIGNATURE_HEADER} header does not prove this body.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return refuse('malformed', 'The callback body is not JSON.');
  }
  const parsed = ZCallbackBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse('malformed', `The callback's ${issue.path.join('.') || 'body'} is not as the aggregator sends it: ${issue.message}.`);
  }
  return noticeOf(parsed.data);
}

function noticeOf(body: TCallbackBody): Reading {
  const standing = standingOf(body.transactionstatus);
  if (standing === null || standing === 'pending') {
    return refuse('malformed', `The callback's transactionstatus ${JSON.stringify(body.transactionstatus)} is neither a success nor a failure.`);
  }
  const amountTzs = wholeShillings(body.amount);
  if (amountTzs === null) return refuse('malformed', `The callback's amount ${JSON.stringify(body.amount)} is not a whole number of shillings.`);
  if (standing === 'success' && amountTzs < 1) return refuse('malformed', 'The callback announces a payment of nothing.');
  const payerPhone = payerPhoneOf(body.msisdn);
  if (body.additionalProperties?.channel === 'paybill') {
    if (standing === 'failure') return refuse('malformed', 'A paybill notice announces money received; this one announces a failure.');
    const provider = body.operator ? (providerNamed(body.operator) ?? body.operator.trim().slice(0, 50)) : null;
    return { notice: { kind: 'paybill', transactionId: body.reference, accountReference: body.utilityref, amountTzs, payerPhone, provider } };
  }
  const failure = standing === 'failure' ? failureOf(body.message) : null;
  return { notice: { kind: 'push', transactionId: body.reference, externalId: body.utilityref, amountTzs, failure, payerPhone } };
}
