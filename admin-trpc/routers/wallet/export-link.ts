// wallet.exportLink: where the browser downloads the ledger CSV of a range of days, which REST streams
// (GET /v1/wallet/ledger.csv); the range is checked now, so a refusal comes as an answer rather than as a broken file.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access } from '../../../core/app/wallet/export-ledger.ts';
import { ZLedgerExportQuery } from '../../../core/inputs/wallet.ts';
import { dayRangeQuery } from '../../../core/inputs/day-range.ts';
import { restLink } from '../../../core/transport/rest-paths.ts';

export const exportLink = memberProcedure
  .input(ZLedgerExportQuery)
  .output(z.strictObject({ url: z.string() }))
  .query(({ ctx, input }) => asMember(ctx.actor, access, async () => ({ url: restLink('exportLedger', {}, dayRangeQuery(input)) })));
