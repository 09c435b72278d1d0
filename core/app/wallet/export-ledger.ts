// Export the ledger as CSV for a range of days (EAT): every money movement, newest first, streamed from PostgreSQL.
import type { Ctx } from '../context.ts';
import { seesLiveData, type TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_EXPORT_ROWS, openCsvExport, type CsvExport } from '../csv-export.ts';
import { countLedgerExportRows, streamLedgerExport, type LedgerExportScope } from '../../db/wallet/ledger-export.ts';
import { dayRangeName } from '../../inputs/day-range.ts';
import type { TLedgerExportQuery } from '../../inputs/wallet.ts';

// Reading the ledger is what exporting it needs.
export { access } from './list-ledger.ts';
export { LEDGER_EXPORT_COLUMNS } from '../../db/wallet/ledger-export.ts';

/** Opens the export. A test key's ledger is empty (test mode never moves money), so its file is the header alone. */
export async function openLedgerExport(ctx: Ctx, actor: TenantActor, query: TLedgerExportQuery): Promise<CsvExport> {
  const scope: LedgerExportScope = { organizationId: actor.organizationId, from: query.from, to: query.to, live: seesLiveData(actor) };
  return openCsvExport(ctx, actor, {
    filename: `ledger-${dayRangeName(query)}.csv`,
    count: (client, countTo) => countLedgerExportRows(client, scope, countTo),
    stream: (client, out) => streamLedgerExport(client, scope, out),
    audit: (rows) => ({
      organizationId: actor.organizationId,
      action: 'ledger.exported',
      targetType: 'organization',
      targetId: actor.organizationId,
      details: { rows, from: query.from.toISOString(), to: query.to.toISOString() },
    }),
    tooLarge: new DomainError('export_too_large', `The export would have more than ${MAX_EXPORT_ROWS} rows; export fewer days at a time.`, { field: 'to' }),
    timedOut: (ms) => new DomainError('read_timeout', `Counting the ledger entries took longer than ${ms} ms; retry, or export fewer days.`, { retryAfter: 5 }),
  });
}
