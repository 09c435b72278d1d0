// What the wallet calls take: the ledger's filter, the low-balance threshold and top-up requests.
import { z } from 'zod';
import { LEDGER_KINDS } from '../domain/ledger.ts';
import { MAX_TOP_UP_REQUEST_CENTS, TOP_UP_METHODS, TOP_UP_STATUSES } from '../domain/top-up-requests.ts';
import { MAX_TOP_UP_REFERENCE_KEY_LENGTH, isTopUpReference } from '../domain/top-up-reference.ts';
import { MAX_PUSH_TZS, MIN_PUSH_TZS, MOBILE_MONEY_PROVIDERS } from '../domain/mobile-money.ts';
import { ZPage } from './common.ts';
import { ZEatDay, refineDayRange } from './day-range.ts';
import { STATEMENT_MONTH } from '../domain/wallet-statement.ts';

export const ZListLedgerQuery = ZPage.extend({
  kind: z.enum(LEDGER_KINDS).optional(),
});
export type TListLedgerQuery = z.infer<typeof ZListLedgerQuery>;

export const ZWalletSettingsBody = z.strictObject({
  low_balance_threshold: z
    .number({ message: 'low_balance_threshold is a whole number of cents, or null for no alert' })
    .int({ message: 'low_balance_threshold is a whole number of cents, or null for no alert' })
    .min(0)
    .max(100_000_000_000_00)
    .nullable(),
});
export type TWalletSettingsBody = z.infer<typeof ZWalletSettingsBody>;

const AMOUNT = `amount is a whole number of cents from 1 to ${MAX_TOP_UP_REQUEST_CENTS} (TZS ${MAX_TOP_UP_REQUEST_CENTS / 100})`;

const REFERENCE = 'reference is the reference the bank or mobile-money operator gave the payment, 1 to 100 characters';

export const ZRequestTopUpBody = z.strictObject({
  amount: z.number({ message: AMOUNT }).int({ message: AMOUNT }).min(1, { message: AMOUNT }).max(MAX_TOP_UP_REQUEST_CENTS, { message: AMOUNT }),
  method: z.enum(TOP_UP_METHODS, { message: `method is one of ${TOP_UP_METHODS.join(', ')}` }),
  reference: z
    .string()
    .trim()
    .min(1, { message: REFERENCE })
    .max(100, { message: REFERENCE })
    .refine(isTopUpReference, { message: `${REFERENCE}, with at least one letter or digit and at most ${MAX_TOP_UP_REFERENCE_KEY_LENGTH} once dashes and spaces are removed and compatibility characters spelled out (NFKC)` }),
  note: z.string().trim().max(500).nullable().optional(),
});
export type TRequestTopUpBody = z.infer<typeof ZRequestTopUpBody>;

export const ZTopUpStatus = z.enum(TOP_UP_STATUSES);

export const ZListTopUpsQuery = ZPage.extend({ status: ZTopUpStatus.optional() });
export type TListTopUpsQuery = z.infer<typeof ZListTopUpsQuery>;

/** The ledger CSV: the days its entries were written (EAT). */
export const ZLedgerExportQuery = z.strictObject({ from: ZEatDay, to: ZEatDay }).superRefine(refineDayRange);
export type TLedgerExportQuery = z.infer<typeof ZLedgerExportQuery>;

const PUSH_AMOUNT = `amount_tzs is a whole number of shillings from 1,000 to 5,000,000`;

/** A push payment: the payer's wallet gets a PIN prompt for the amount (whole shillings). */
export const ZStartPushTopUpBody = z.strictObject({
  method: z.literal('mobile_money', { message: 'method is mobile_money for a push payment' }),
  provider: z.enum(MOBILE_MONEY_PROVIDERS, { message: `provider is one of ${MOBILE_MONEY_PROVIDERS.join(', ')}` }),
  phone: z.string({ message: 'phone is the payer\'s Tanzanian mobile number' }).trim().min(1, { message: 'phone is the payer\'s Tanzanian mobile number' }).max(32),
  amount_tzs: z
    .number({ message: PUSH_AMOUNT })
    .int({ message: PUSH_AMOUNT })
    .min(MIN_PUSH_TZS, { message: PUSH_AMOUNT })
    .max(MAX_PUSH_TZS, { message: PUSH_AMOUNT }),
});
export type TStartPushTopUpBody = z.infer<typeof ZStartPushTopUpBody>;

/** A body that names a provider, a phone or amount_tzs is a push payment; any other is a payment made elsewhere. */
export function isPushTopUpBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ['provider', 'phone', 'amount_tzs'].some((k) => k in body);
}

/** POST /v1/wallet/top-ups takes either form (told apart by isPushTopUpBody). */
export const ZTopUpBody = z.union([ZStartPushTopUpBody, ZRequestTopUpBody]);

export const ZTopUpIdParam = z.strictObject({ id: z.string().max(100) });

export const STATEMENT_MONTH_RULE = 'month is a calendar month in Africa/Dar_es_Salaam written YYYY-MM (2026-10), from 1970 to the current one';

/** The monthly statement: its month (whether it has begun is the use case's to say, from the clock). */
export const ZWalletStatementQuery = z.strictObject({
  month: z.string({ message: STATEMENT_MONTH_RULE }).regex(STATEMENT_MONTH, { message: STATEMENT_MONTH_RULE }),
});
export type TWalletStatementQuery = z.infer<typeof ZWalletStatementQuery>;
