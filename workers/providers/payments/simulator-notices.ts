// The simulator's side of callbacks: a notice in the aggregator's shape, signed with the callback secret, posted
// to the service's callback URL, and kept so that the very same bytes can be sent again (a duplicate).
import { randomBytes } from 'node:crypto';
import type { MobileMoneyProvider } from '../../../core/domain/mobile-money.ts';
import { AGGREGATOR_PROVIDER, SIGNATURE_HEADER, signatureOf, type TCallbackBody } from './aggregator-wire.ts';

/** A payment made at the paybill: what the payer typed and paid, from which wallet. */
export interface PaybillPayment {
  /** The account number the payer typed (an organization's payment reference, or a slip of one). */
  accountReference: string;
  amountTzs: number;
  /** E.164 (+255…). */
  payerPhone: string;
  provider: MobileMoneyProvider;
}

/** One notice posted: the HTTP status the callback URL answered with, or null when it could not be reached. */
export interface NoticeDelivery {
  transactionId: string;
  kind: 'push' | 'paybill';
  transactionstatus: string;
  answeredWith: number | null;
}

const POST_TIMEOUT_MS = 10_000;

export interface NoticeSender {
  /** Posts a push payment's callback. */
  push(notice: { transactionId: string; externalId: string; msisdn: string; provider: string; amountTzs: number; standing: 'success' | 'failure'; message: string }): Promise<void>;
  paybill(payment: PaybillPayment): Promise<string>;
  /** Posts the last notice of a transaction again, byte for byte. */
  repeat(transactionId: string): Promise<void>;
  deliveries(): NoticeDelivery[];
}

export function noticeSender(callbackUrl: string, callbackSecret: string): NoticeSender {
  const sent = new Map<string, { kind: NoticeDelivery['kind']; transactionstatus: string; body: string }>();
  const deliveries: NoticeDelivery[] = [];

  async function post(transactionId: string): Promise<void> {
    const notice = sent.get(transactionId);
    if (!notice) throw new Error(`The simulator sent no notice for ${transactionId}.`);
    let answeredWith: number | null = null;
    try {
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureOf(callbackSecret, notice.body) },
        body: notice.body,
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      answeredWith = response.status;
    } catch {
      // The service was not there: as an aggregator's, the callback is lost, and the status call settles it.
    }
    deliveries.push({ transactionId, kind: notice.kind, transactionstatus: notice.transactionstatus, answeredWith });
    if (deliveries.length > 1000) deliveries.shift();
  }

  function keep(kind: NoticeDelivery['kind'], body: TCallbackBody): string {
    sent.set(body.reference, { kind, transactionstatus: body.transactionstatus, body: JSON.stringify(body) });
    // A long-running simulator keeps the last thousand, enough to repeat any recent one.
    if (sent.size > 1000) sent.delete(sent.keys().next().value!);
    return body.reference;
  }

  const fspReference = () => `FSP${randomBytes(6).toString('hex').toUpperCase()}`;

  return {
    async push(n) {
      const body: TCallbackBody = {
        msisdn: n.msisdn,
        amount: String(n.amountTzs),
        message: n.message,
        utilityref: n.externalId,
        operator: n.provider,
        reference: n.transactionId,
        transactionstatus: n.standing,
        submerchantAcc: null,
        fspReferenceId: fspReference(),
        additionalProperties: null,
      };
      await post(keep('push', body));
    },
    async paybill(payment) {
      const body: TCallbackBody = {
        msisdn: payment.payerPhone.replace(/^\+/, ''),
        amount: String(payment.amountTzs),
        message: 'Payment received.',
        utilityref: payment.accountReference,
        operator: AGGREGATOR_PROVIDER[payment.provider],
        reference: `SIMPB-${randomBytes(8).toString('hex')}`,
        transactionstatus: 'success',
        submerchantAcc: null,
        fspReferenceId: fspReference(),
        additionalProperties: { channel: 'paybill' },
      };
      const transactionId = keep('paybill', body);
      await post(transactionId);
      return transactionId;
    },
    repeat: post,
    deliveries: () => [...deliveries],
  };
}
