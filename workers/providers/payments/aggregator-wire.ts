// What goes over the wire between the service and a mobile-money aggregator: the aggregator's names of the
// wallets, its answers and callbacks as zod schemas, the callback's signature, and amounts in whole shillings.
// The client (aggregator-client.ts) and the simulator (payment-simulator.ts) both speak from here, so the two
// cannot drift apart.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { MOBILE_MONEY_PROVIDERS, type MobileMoneyProvider } from '../../../core/domain/mobile-money.ts';
import type { PaymentFailure } from '../../../core/app/payments/gateway.ts';

/** The aggregator's name of each wallet (its `provider` and `operator` fields): Mixx by Yas is still Tigo there. */
export const AGGREGATOR_PROVIDER: Readonly<Record<MobileMoneyProvider, string>> = {
  mpesa: 'Mpesa',
  airtel_money: 'Airtel',
  mixx_by_yas: 'Tigo',
  halopesa: 'Halopesa',
  azampesa: 'Azampesa',
};

/** Our provider for the aggregator's name of one (any case), or null for a name it does not use. */
export function providerNamed(name: string): MobileMoneyProvider | null {
  const lower = name.trim().toLowerCase();
  return MOBILE_MONEY_PROVIDERS.find((p) => AGGREGATOR_PROVIDER[p].toLowerCase() === lower) ?? null;
}

/** The paths under the token host and the checkout host. */
export const AGGREGATOR_PATHS = {
  token: '/AppRegistration/GenerateToken',
  checkout: '/azampay/mno/checkout',
  status: '/azampay/gettransactionstatus',
} as const;

export const SIGNATURE_HEADER = 'x-callback-signature';

/** The signature header's value for a body: `sha256=` and the hex HMAC-SHA256 of its exact bytes. */
export function signatureOf(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The most one payment may carry, in shillings: the ledger's bound (100,000,000,000 cents). */
export const MAX_PAYMENT_TZS = 1_000_000_000;

/**
 * Whole shillings from the aggregator's amount ("1000", "1000.00" or 1000), read from its decimal text so that no
 * float ever stands for money; null for anything else, a fraction of a shilling included.
 */
export function wholeShillings(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value.trim();
  const match = /^([0-9]{1,10})(?:\.([0-9]{1,6}))?$/.exec(text);
  if (!match || (match[2] !== undefined && !/^0+$/.test(match[2]))) return null;
  const shillings = Number(match[1]);
  return shillings <= MAX_PAYMENT_TZS ? shillings : null;
}

/** The payer's number as E.164 when it reads as a Tanzanian one, else as the aggregator wrote it. */
export function payerPhoneOf(msisdn: string | null | undefined): string | null {
  const digits = (msisdn ?? '').replace(/[\s-]/g, '');
  if (/^\+?255[0-9]{9}$/.test(digits)) return `+${digits.replace(/^\+/, '')}`;
  if (/^0[0-9]{9}$/.test(digits)) return `+255${digits.slice(1)}`;
  return digits === '' ? null : digits.slice(0, 32);
}

/**
 * The code of a failure the aggregator words: wallets and aggregators say "insufficient balance", "cancelled by
 * user", "request timed out" in their own phrasing, so words are matched loosely and the rest is 'other'.
 */
export function failureOf(words: string | null | undefined): PaymentFailure {
  const reason = (words ?? '').trim().slice(0, 500) || 'The aggregator gave no reason.';
  const text = reason.toLowerCase();
  const code: PaymentFailure['code'] = /insufficient|not enough|low balance/.test(text)
    ? 'insufficient_funds'
    : /cancel|declined by (the )?(user|payer|customer|subscriber)|rejected by (the )?(user|payer|customer|subscriber)/.test(text)
      ? 'payer_cancelled'
      : /time ?out|timed out|no response from (the )?(user|payer|customer|subscriber)|expired/.test(text)
        ? 'payer_timeout'
        : /invalid|refused|rejected|not allowed|not permitted|limit/.test(text)
          ? 'refused'
          : 'other';
  return { code, reason };
}

/** How a transaction stands in a callback's or a status answer's `transactionstatus`, any case. */
export function standingOf(text: string): 'success' | 'failure' | 'pending' | null {
  const lower = text.trim().toLowerCase();
  if (['success', 'successful', 'completed', 'paid'].includes(lower)) return 'success';
  if (['failure', 'failed', 'fail', 'cancelled', 'declined', 'rejected'].includes(lower)) return 'failure';
  if (['pending', 'processing', 'initiated', 'in_progress'].includes(lower)) return 'pending';
  return null;
}

const ZAmount = z.union([z.string().max(40), z.number()]);

export const ZTokenAnswer = z.object({
  data: z.object({ accessToken: z.string().min(1).max(10_000), expire: z.string().max(100).nullish() }),
  success: z.boolean().optional(),
  message: z.string().nullish(),
});

export const ZCheckoutAnswer = z.object({
  success: z.boolean(),
  transactionId: z.string().min(1).max(200).nullish(),
  message: z.string().nullish(),
});

/** A status answer carries the transaction in `data` with the callback's own field names. */
export const ZStatusAnswer = z.object({
  success: z.boolean(),
  message: z.string().nullish(),
  data: z
    .object({
      reference: z.string().min(1).max(200),
      utilityref: z.string().max(200).nullish(),
      transactionstatus: z.string().min(1).max(50),
      amount: ZAmount.nullish(),
      message: z.string().max(2000).nullish(),
    })
    .nullish(),
});

/**
 * The callback as the aggregator posts it. `additionalProperties.channel` tells a paybill payment's notice
 * ('paybill': `utilityref` is the account number the payer typed) from a checkout's ('push' or absent:
 * `utilityref` is our externalId).
 */
export const ZCallbackBody = z.object({
  msisdn: z.string().max(40).nullish(),
  amount: ZAmount,
  message: z.string().max(2000).nullish(),
  utilityref: z.string().trim().min(1).max(200),
  operator: z.string().max(50).nullish(),
  reference: z.string().trim().min(1).max(200),
  transactionstatus: z.string().min(1).max(50),
  submerchantAcc: z.string().max(200).nullish(),
  fspReferenceId: z.string().max(200).nullish(),
  additionalProperties: z.object({ channel: z.enum(['push', 'paybill']).optional() }).loose().nullish(),
});
export type TCallbackBody = z.infer<typeof ZCallbackBody>;
