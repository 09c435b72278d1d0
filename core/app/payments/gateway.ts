// The payments port: what the service asks of a mobile-money aggregator and what it accepts from one. One adapter
// speaks to a real aggregator over HTTP (workers/providers/payments/aggregator-client.ts); with live payments off
// the same adapter speaks to the built-in simulator (workers/providers/payments/payment-simulator.ts).
import type { Ctx } from '../context.ts';
import type { MobileMoneyProvider, PushFailure } from '../../domain/mobile-money.ts';
import { DomainError } from '../../domain/errors.ts';

export interface CheckoutRequest {
  provider: MobileMoneyProvider;
  /** The payer's number, E.164 (+255…); the adapter writes it as the aggregator wants it. */
  phone: string;
  /** Whole shillings: the aggregators take TZS without cents. */
  amountTzs: number;
  /** Ours, unique: the top-up request's id. The aggregator's answers name it. */
  externalId: string;
}

/**
 * A checkout the aggregator took (the payer now has a PIN prompt), refused for good (nothing will be paid), or
 * left in doubt (no answer, an error of the aggregator's side): the payer may still be asked, so the payment is
 * asked about later and never started again.
 */
export type CheckoutAnswer =
  | { kind: 'accepted'; transactionId: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'in_doubt'; reason: string };

/** A failure as the aggregator words it, with the code the adapter reads from it ('other' when it cannot tell). */
export interface PaymentFailure {
  code: Exclude<PushFailure, 'not_received' | 'expired'>;
  reason: string;
}

/**
 * What the aggregator says of a payment when asked: paid (with the amount actually paid, which may differ from
 * the amount asked), failed (with why), still pending, unknown to it, or no answer (an error asking).
 */
export type PaymentStatus =
  | { kind: 'paid'; transactionId: string; amountTzs: number }
  | ({ kind: 'failed' } & PaymentFailure)
  | { kind: 'pending' }
  | { kind: 'not_found' }
  | { kind: 'no_answer'; reason: string };

/** A notice the aggregator sent to our callback, once its signature is proven. */
export type PaymentNotice =
  | {
      kind: 'push';
      transactionId: string;
      /** Our externalId, echoed. */
      externalId: string;
      amountTzs: number;
      /** Null when paid; why not otherwise. */
      failure: PaymentFailure | null;
      payerPhone: string | null;
    }
  | {
      kind: 'paybill';
      transactionId: string;
      /** The account number the payer typed at the paybill. */
      accountReference: string;
      amountTzs: number;
      payerPhone: string | null;
      provider: string | null;
    };

/** Why a callback is refused: unsigned, signed wrongly, or not a notice at all once proven. */
export type NoticeRefusal = { kind: 'unsigned' | 'bad_signature' | 'malformed'; message: string };

export interface PaymentGateway {
  /** Asks the payer's wallet to prompt for the PIN. Never throws: a failure to reach the aggregator is in_doubt. */
  checkout(request: CheckoutRequest): Promise<CheckoutAnswer>;
  /**
   * Asks what became of a payment, by the aggregator's transaction id, or by our externalId when none is known;
   * the wallet it was asked of, when known, is passed on (the aggregators' status calls take it as `bankName`).
   */
  status(query: { transactionId: string | null; externalId: string; provider?: MobileMoneyProvider | null }): Promise<PaymentStatus>;
  /** Proves a callback (signature over the raw body, in constant time) and reads it; never throws. */
  readNotice(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): { notice: PaymentNotice } | { refused: NoticeRefusal };
  /** The paybill (Lipa) number payers pay organizations' references to, shown on the wallet page. */
  readonly paybillNumber: string;
  /** Whether this gateway is the built-in simulator (nothing is really paid). */
  readonly simulated: boolean;
  close(): Promise<void>;
}

/** The gateway of this process; a process without one (misconfigured) refuses, 503 busy, rather than pretends. */
export function requireGateway(ctx: Ctx): PaymentGateway {
  if (!ctx.deps.payments) throw new DomainError('busy', 'Mobile-money payments are not available right now; try again in a few minutes.', { retryAfter: 60 });
  return ctx.deps.payments;
}
