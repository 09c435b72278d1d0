// Mobile money in: the wallets a payer may pay from, how much one push payment may ask, when an unanswered one is
// asked about again, and the payment reference an organization pays its paybill with.
import { fail, ok, type Result } from './errors.ts';
import { operatorOf, type Operator } from './operators.ts';

/** The mobile-money wallets of Tanzania an aggregator reaches, by the name the API takes. */
export const MOBILE_MONEY_PROVIDERS = ['mpesa', 'airtel_money', 'mixx_by_yas', 'halopesa', 'azampesa'] as const;
export type MobileMoneyProvider = (typeof MOBILE_MONEY_PROVIDERS)[number];

/** What a payer sees each wallet called. */
export const PROVIDER_NAMES: Readonly<Record<MobileMoneyProvider, string>> = {
  mpesa: 'M-Pesa',
  airtel_money: 'Airtel Money',
  mixx_by_yas: 'Mixx by Yas',
  halopesa: 'HaloPesa',
  azampesa: 'AzamPesa',
};

/**
 * The operator whose numbers a wallet serves: M-Pesa is Vodacom's, Airtel Money Airtel's, Mixx by Yas is Yas's
 * (Tigo and Zantel), HaloPesa Halotel's. AzamPesa is a bank's wallet that any network's number may hold: null.
 */
export const PROVIDER_OPERATOR: Readonly<Record<MobileMoneyProvider, Operator | null>> = {
  mpesa: 'vodacom',
  airtel_money: 'airtel',
  mixx_by_yas: 'yas',
  halopesa: 'halotel',
  azampesa: null,
};

/**
 * A push payment reaches the wallet of the number's network. A number issued to another network may have been
 * ported, but the wallet stays with the network it was opened on, so a mismatch is a mistake the payer makes
 * far more often than a port: refused before the payer is asked for a PIN.
 */
export function checkProviderForPhone(provider: MobileMoneyProvider, e164: string): Result<void> {
  const operator = PROVIDER_OPERATOR[provider];
  if (operator === null || operatorOf(e164) === operator) return ok(undefined);
  const wallets = MOBILE_MONEY_PROVIDERS.filter((p) => PROVIDER_OPERATOR[p] === operatorOf(e164)).map((p) => PROVIDER_NAMES[p]);
  const instead = wallets.length > 0 ? `; numbers of this network pay with ${wallets.join(' or ')} (or AzamPesa)` : '';
  return fail('validation_failed', `${PROVIDER_NAMES[provider]} takes only ${operator} numbers, and this is not one${instead}.`, {
    field: 'phone',
    details: { provider, operator: operatorOf(e164) },
  });
}

/**
 * Why a push payment ended unpaid, as the dashboard explains it: the payer's wallet had too little, the payer
 * cancelled the prompt or let it time out, the aggregator refused the checkout, the aggregator never received it,
 * nobody answered for a day, or a reason the aggregator gave in its own words only.
 */
export const PUSH_FAILURES = ['insufficient_funds', 'payer_cancelled', 'payer_timeout', 'refused', 'not_received', 'expired', 'other'] as const;
export type PushFailure = (typeof PUSH_FAILURES)[number];

/** The least one push payment asks, in shillings: below it the aggregator's fee is most of the payment. */
export const MIN_PUSH_TZS = 1_000;
/** The most, in shillings: the daily limit of the wallets' ordinary accounts (M-Pesa's is TZS 5,000,000). */
export const MAX_PUSH_TZS = 5_000_000;

/**
 * A push payment is asked about once it has waited this long without a callback (a payer takes a minute or two
 * with the PIN prompt), then again after each backoff, doubling up to an hour.
 */
export const FIRST_STATUS_CHECK_MS = 3 * 60_000;
export const MAX_STATUS_CHECK_GAP_MS = 60 * 60_000;

/** When the status of a push payment asked about `checks` times already is next asked. */
export function nextStatusCheckAt(createdAt: Date, now: Date, checks: number): Date {
  if (checks === 0) return new Date(Math.max(now.getTime(), createdAt.getTime() + FIRST_STATUS_CHECK_MS));
  const gap = Math.min(FIRST_STATUS_CHECK_MS * 2 ** checks, MAX_STATUS_CHECK_GAP_MS);
  return new Date(now.getTime() + gap);
}

/** A push payment still pending after a day is expired and shown to the operator (a late success still credits). */
export const PUSH_EXPIRES_AFTER_MS = 24 * 3_600_000;

/**
 * An organization's payment reference: its account number at the paybill, typed by payers on a phone's keypad,
 * so eight digits, stable, and never the same for two organizations. Seven come from a hash of the id (`salt` makes
 * another candidate when the database's unique index refuses a clash); the eighth is a Luhn check digit, so a
 * payer's slip of one digit or a swap of two neighbours names no organization and the payment is kept for the
 * operator rather than credited to a stranger.
 */
export function paymentReferenceFor(organizationId: string, salt = 0): string {
  const body = String(1_000_000 + (fnv1a(`${organizationId}:${salt}`) % 9_000_000));
  return `${body}${luhnDigit(body)}`;
}

/** FNV-1a, 32 bits: a fixed, well-spread hash of a short text (not a secret: references are public). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** Whether a text, once spaces and dashes are gone, has the form of a payment reference with a valid check digit. */
export function isPaymentReference(text: string): boolean {
  const digits = text.replace(/[\s-]/g, '');
  return /^[1-9][0-9]{7}$/.test(digits) && luhnDigit(digits.slice(0, 7)) === digits[7];
}

/** The digit that makes `body` followed by it pass the Luhn check. */
function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const d = Number(body[body.length - 1 - i]);
    const doubled = i % 2 === 0 ? d * 2 : d;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return String((10 - (sum % 10)) % 10);
}
