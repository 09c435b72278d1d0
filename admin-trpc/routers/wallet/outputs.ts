// The wallet area's answers, property for property what REST's `data` holds for the same operation.
import { z } from 'zod';
import { TOP_UP_METHODS, TOP_UP_STATUSES } from '../../../core/domain/top-up-requests.ts';
import { MOBILE_MONEY_PROVIDERS, PUSH_FAILURES } from '../../../core/domain/mobile-money.ts';
import { LEDGER_KINDS } from '../../../core/domain/ledger.ts';

const ZCents = z.number().int();
const ZIso = z.iso.datetime({ offset: true });
const ZNextBefore = z.uuid().nullable();
/** A value the use case types as any string (or null) although it is always this: exact at run time all the same. */
const ZTzs = z.string().pipe(z.literal('TZS'));

export const ZWalletOutput = z.strictObject({
  wallet: z.strictObject({
    currency: ZTzs,
    unit: z.string().pipe(z.literal('cents')),
    available: ZCents,
    held: ZCents,
    frozen: z.boolean(),
    low_balance_threshold: ZCents.nullable(),
    low_balance: z.boolean(),
    test: z.boolean(),
    updated_at: ZIso.nullable(),
  }),
});

export const ZLedgerOutput = z.strictObject({
  entries: z.array(
    z.strictObject({
      id: z.uuid(),
      kind: z.string().pipe(z.enum(LEDGER_KINDS)),
      amount: ZCents,
      currency: ZTzs,
      balance_after: ZCents,
      held_after: ZCents,
      reference: z.string().nullable(),
      message_id: z.uuid().nullable(),
      campaign_id: z.uuid().nullable(),
      created_at: z.string().nullable().pipe(ZIso),
    }),
  ),
  next_before: ZNextBefore,
});

export const ZTopUp = z.strictObject({
  id: z.uuid(),
  status: z.enum(TOP_UP_STATUSES),
  amount: ZCents,
  currency: z.literal('TZS'),
  method: z.enum(TOP_UP_METHODS),
  reference: z.string(),
  note: z.string().nullable(),
  requested_by: z.uuid().nullable(),
  credited_amount: ZCents.nullable(),
  ledger_entry_id: z.uuid().nullable(),
  decline_reason: z.string().nullable(),
  provider: z.enum(MOBILE_MONEY_PROVIDERS).nullable(),
  payer_phone: z.string().nullable(),
  transaction_id: z.string().nullable(),
  failure_code: z.enum(PUSH_FAILURES).nullable(),
  failure_reason: z.string().nullable(),
  created_at: ZIso,
  decided_at: ZIso.nullable(),
});

export const ZTopUpOutput = z.strictObject({ top_up: ZTopUp, replay: z.boolean() });

export const ZTopUpsOutput = z.strictObject({ top_ups: z.array(ZTopUp), next_before: ZNextBefore });
