// Export messages as CSV for a range of days (EAT): what the list shows, newest first, streamed from PostgreSQL.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import { MAX_EXPORT_ROWS, openCsvExport, type CsvExport } from '../csv-export.ts';
import { countMessageExportRows, findExportIdBounds, streamMessageExport, type IdBounds, type MessageExportScope } from '../../db/messages/message-export.ts';
import { dayRangeName } from '../../inputs/day-range.ts';
import type { TMessageExportQuery } from '../../inputs/messages.ts';
import { modeOf } from './list-messages.ts';

// Reading the list is what exporting it needs.
export { access } from './list-messages.ts';
export { MESSAGE_EXPORT_COLUMNS } from '../../db/messages/message-export.ts';

/**
 * Opens the export. A key exports its own mode; a member both, or the mode asked. Campaign numbers are masked as the
 * list masks them.
 */
export async function openMessageExport(ctx: Ctx, actor: TenantActor, query: TMessageExportQuery): Promise<CsvExport> {
  const test = modeOf(actor, query.mode === undefined ? undefined : query.mode === 'test', 'mode');
  const { status, traffic_class, sender, recipient } = query;
  const narrowed = { status, traffic_class, sender, recipient };
  const scope: MessageExportScope = { organizationId: actor.organizationId, from: query.from, to: query.to, test, maskCampaignNumbers: !canSeeNumbers(actor), ...narrowed };
  const filters = Object.fromEntries(Object.entries(narrowed).filter(([, v]) => v !== undefined));
  let bounds: IdBounds = { lo: null, hi: null };
  const mode = test === null ? '' : test ? '-test' : '-live';
  return openCsvExport(ctx, actor, {
    filename: `messages-${dayRangeName(query)}${mode}.csv`,
    async count(client, countTo) {
      bounds = await findExportIdBounds(client, scope);
      return countMessageExportRows(client, scope, bounds, countTo);
    },
    stream: (client, out) => streamMessageExport(client, scope, bounds, out),
    audit: (rows) => ({
      organizationId: actor.organizationId,
      action: 'messages.exported',
      targetType: 'organization',
      targetId: actor.organizationId,
      details: {
        rows,
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        mode: test === null ? null : test ? 'test' : 'live',
        numbers_masked: scope.maskCampaignNumbers,
        ...(Object.keys(filters).length > 0 ? { filters } : {}),
      },
    }),
    tooLarge: new DomainError('export_too_large', `The export would have more than ${MAX_EXPORT_ROWS} rows; export fewer days at a time.`, { field: 'to' }),
    timedOut: (ms) => new DomainError('read_timeout', `Counting the messages took longer than ${ms} ms; retry, or export fewer days.`, { retryAfter: 5 }),
  });
}
