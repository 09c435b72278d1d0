// wallet.ledger: ledger entries, as GET /v1/wallet/ledger.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listLedger as run } from '../../../core/app/wallet/list-ledger.ts';
import { ZLedgerOutput } from './outputs.ts';
import { ZListLedgerQuery } from '../../../core/inputs/wallet.ts';

export const listLedger = memberProcedure
  .input(ZListLedgerQuery)
  .output(ZLedgerOutput)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
