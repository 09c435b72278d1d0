// The monthly statement of the wallet as CSV (the dashboard's printable page reads the same use case over tRPC).
import { z } from 'zod';
import { route } from '../route.ts';
import * as statement from '../../core/app/wallet/statement-csv.ts';
import { statementMonth } from '../../core/app/wallet/statement.ts';
import { STATEMENT_MONTH } from '../../core/domain/wallet-statement.ts';
import { hostileCharacter } from '../../core/domain/text-input.ts';
import { STATEMENT_MONTH_RULE } from '../../core/inputs/wallet.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';

// Printable text reaches the use case, which refuses a malformed or later month as 422 naming month; control
// characters and lone surrogates are refused here, as 404 like any path that cannot name anything.
const ZMonthParam = z.strictObject({
  month: z
    .string()
    .refine((text) => hostileCharacter(text, false) === null)
    .meta({ description: STATEMENT_MONTH_RULE, pattern: STATEMENT_MONTH.source }),
});

export const walletStatementRoutes = [
  route({
    method: 'get',
    path: REST_PATHS.exportWalletStatement,
    operationId: 'exportWalletStatement',
    summary:
      'The monthly statement of the wallet (a calendar month in Africa/Dar_es_Salaam) as CSV, one section after another: opening balances, top-ups, charges, releases, refunds and holds by day, adjustments, closing balances and the totals of each kind, amounts in TZS',
    tag: 'wallet',
    access: statement.access,
    extension: true,
    params: ZMonthParam,
    query: z.strictObject({}),
    produces: 'text/csv',
    handler: async ({ ctx, actor, params, req, res }) => {
      // HEAD (which express routes to GET) says whether the month has a statement, taking no token and auditing nothing.
      if (req.method === 'HEAD') {
        statementMonth(ctx, params);
        res.status(200).type('text/csv; charset=utf-8').end();
        return { written: true };
      }
      const file = await statement.openStatementCsv(ctx, actor, params);
      res.status(200).type('text/csv; charset=utf-8').attachment(file.filename).setHeader('Cache-Control', 'no-store').send(file.content);
      return { written: true };
    },
  }),
];
