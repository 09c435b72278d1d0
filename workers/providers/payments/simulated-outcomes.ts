// What the payments simulator does with a checkout, by the payer number's last digit (docs/mobile-money.md has
// the table), and its transaction ids, which carry all a status answer needs: any simulator holding the same
// secret answers for a checkout another one took (the API takes checkouts, the worker asks their status).
import { createHmac } from 'node:crypto';

export type SimulatedOutcome =
  | 'paid'
  | 'declined'
  | 'no_callback'
  | 'called_back_twice'
  | 'different_amount'
  | 'status_fails'
  | 'never_answered'
  | 'payer_cancelled'
  | 'checkout_refused'
  | 'checkout_hangs';

const BY_LAST_DIGIT: Readonly<Record<string, SimulatedOutcome>> = {
  '1': 'declined',
  '2': 'no_callback',
  '3': 'called_back_twice',
  '4': 'different_amount',
  '5': 'status_fails',
  '6': 'never_answered',
  '7': 'payer_cancelled',
  '8': 'checkout_refused',
  '9': 'checkout_hangs',
};

export function outcomeFor(accountNumber: string): SimulatedOutcome {
  return BY_LAST_DIGIT[accountNumber.slice(-1)] ?? 'paid';
}

/** How much less the payer of a number ending 4 pays than was asked. */
export const SHORT_BY_TZS = 500;

export const DECLINED_WORDS = 'Insufficient funds in the payer’s wallet.';
export const CANCELLED_WORDS = 'Transaction cancelled by the payer.';
export const INVALID_ACCOUNT_WORDS = 'Invalid account: no mobile-money wallet holds this number.';

/** A checkout as the simulator took it: what its status and callbacks say. */
export interface SimulatedCheckout {
  outcome: SimulatedOutcome;
  amountTzs: number;
  externalId: string;
}

/** What the payer finally did, as a callback or a status answer says it; null while the payer never answers. */
export function settlementOf(checkout: SimulatedCheckout): { standing: 'success' | 'failure'; amountTzs: number; message: string } | null {
  switch (checkout.outcome) {
    case 'declined':
      return { standing: 'failure', amountTzs: checkout.amountTzs, message: DECLINED_WORDS };
    case 'payer_cancelled':
      return { standing: 'failure', amountTzs: checkout.amountTzs, message: CANCELLED_WORDS };
    case 'never_answered':
      return null;
    case 'different_amount':
      return { standing: 'success', amountTzs: Math.max(1, checkout.amountTzs - SHORT_BY_TZS), message: 'Payment received.' };
    default:
      return { standing: 'success', amountTzs: checkout.amountTzs, message: 'Payment received.' };
  }
}

/** How many callbacks a checkout gets: none when the payer never answers, or the aggregator never calls back. */
export function callbacksFor(outcome: SimulatedOutcome): number {
  if (outcome === 'called_back_twice') return 2;
  return ['no_callback', 'never_answered', 'checkout_hangs', 'checkout_refused'].includes(outcome) ? 0 : 1;
}

/** The externalIds the simulator takes: ASCII of the kinds ids are made of, as aggregators ask (128 at most). */
export const SIMULATED_EXTERNAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

const digitOf = (outcome: SimulatedOutcome) => Object.entries(BY_LAST_DIGIT).find(([, o]) => o === outcome)?.[0] ?? '0';
const tagOf = (secret: string, payload: string) => createHmac('sha256', secret).update(`transaction:${payload}`).digest('base64url').slice(0, 16);

/**
 * The transaction id of a checkout: its outcome's digit, amount and externalId, tagged with the secret's HMAC so
 * that no made-up id reads as a payment. The same checkout gets the same id from any simulator of the deployment.
 */
export function transactionIdOf(secret: string, checkout: SimulatedCheckout): string {
  const payload = `SIM-${digitOf(checkout.outcome)}-${checkout.amountTzs}-${checkout.externalId}`;
  return `${payload}.${tagOf(secret, payload)}`;
}

/** The checkout a transaction id stands for, or null for an id this deployment's simulators never made. */
export function checkoutOf(secret: string, transactionId: string): SimulatedCheckout | null {
  const match = /^(SIM-([0-9])-([1-9][0-9]{0,9})-(.+))\.([A-Za-z0-9_-]{16})$/.exec(transactionId);
  if (!match || tagOf(secret, match[1]!) !== match[5]) return null;
  return { outcome: outcomeFor(match[2]!), amountTzs: Number(match[3]), externalId: match[4]! };
}
