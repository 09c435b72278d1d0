// wallet.statement: the monthly statement the dashboard prints, as the CSV of GET /v1/wallet/statements/:month.csv
// holds it (amounts here in cents).
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, walletStatement } from '../../../core/app/wallet/statement.ts';
import { ZWalletStatementQuery } from '../../../core/inputs/wallet.ts';

const ZCents = z.number().int();
const ZIso = z.iso.datetime({ offset: true });
const ZBalances = z.strictObject({ available: ZCents, held: ZCents });
const ZDay = z.strictObject({ day: z.iso.date(), count: z.number().int(), amount: ZCents });
const ZEntry = z.strictObject({ entry_id: z.uuid(), created_at: ZIso, reference: z.string().nullable(), amount: ZCents });
const ZTotal = z.strictObject({ count: z.number().int(), amount: ZCents });

export const ZWalletStatementOutput = z.strictObject({
  statement: z.strictObject({
    organization: z.strictObject({ id: z.uuid(), name: z.string() }),
    month: z.string(),
    time_zone: z.string(),
    from: ZIso,
    to: ZIso,
    currency: z.literal('TZS'),
    test: z.boolean(),
    opening: ZBalances,
    top_ups: z.array(ZEntry),
    charges: z.array(ZDay),
    releases: z.array(ZDay),
    refunds: z.array(ZDay),
    holds: z.array(ZDay),
    adjustments: z.array(ZEntry),
    closing: ZBalances,
    totals: z.strictObject({ top_ups: ZTotal, holds: ZTotal, charges: ZTotal, releases: ZTotal, refunds: ZTotal, adjustments: ZTotal }),
  }),
});

export const statement = memberProcedure
  .input(ZWalletStatementQuery)
  .output(ZWalletStatementOutput)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => walletStatement(ctx.ctx, ctx.actor, input)));
