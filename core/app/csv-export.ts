// A CSV export, whatever it holds: rate limited per organization, its rows counted in the snapshot the file is
// read from, refused past 500,000 rows before a byte leaves, audited with that count, then streamed from
// PostgreSQL through COPY on a connection of its own (core/db/csv-export.ts).
import type { Writable } from 'node:stream';
import type { Ctx } from './context.ts';
import type { TenantActor } from './actor.ts';
import type { DomainError } from '../domain/errors.ts';
import { REPORT_TIME_ZONE } from '../domain/delivery-report.ts';
import { beginExportSnapshot, closeExportClient, openExportClient, type ExportClient } from '../db/csv-export.ts';
import { takeToken } from './rate-limit.ts';
import { recordAudit, type AuditInput } from './audit/record-audit.ts';

export const MAX_EXPORT_ROWS = 500_000;
/** Exports per organization: a burst of 5, then one every 12 seconds (5 a minute). */
export const EXPORT_BUCKET = { capacity: 5, perSecond: 5 / 60 };
/** The file's times are local to it: the export's transaction runs in this time zone. */
export const EXPORT_TIME_ZONE = REPORT_TIME_ZONE;
/** How an export's database session names itself (pg_stat_activity). */
export const EXPORT_APPLICATION = 'ujumbe-export';

export interface CsvExport {
  filename: string;
  rows: number;
  /** Streams the file into out; a failure half way destroys out, so the reader never takes a short file for a whole one. */
  pipeTo(out: Writable): Promise<void>;
}

/** What one kind of export reads, in the snapshot its file comes from. */
export interface ExportPlan {
  filename: string;
  /** Its rows, counting no further than `countTo` (under the read timeout); then anything the stream needs set. */
  count(client: ExportClient, countTo: number): Promise<number>;
  stream(client: ExportClient, out: Writable): Promise<void>;
  audit(rows: number): AuditInput;
  /** The refusal past MAX_EXPORT_ROWS, naming the parameter that narrows the file. */
  tooLarge: DomainError;
  /** The refusal when counting outlasts the read timeout. */
  timedOut(ms: number): DomainError;
}

async function openSnapshot(ctx: Ctx, client: ExportClient, plan: ExportPlan): Promise<number> {
  const ms = ctx.deps.config.readTimeoutMs;
  try {
    await beginExportSnapshot(client, ms, EXPORT_TIME_ZONE);
    const rows = await plan.count(client, MAX_EXPORT_ROWS + 1);
    if (rows > MAX_EXPORT_ROWS) throw plan.tooLarge;
    return rows;
  } catch (err) {
    // PostgreSQL's query_canceled: the statement timeout of the count ran out.
    throw (err as { code?: string } | null)?.code === '57014' ? plan.timedOut(ms) : err;
  }
}

/**
 * Opens the export once the caller may read it: a rate-limit token, the count (503 within readTimeoutMs; 422 past
 * MAX_EXPORT_ROWS), and the audit event with the count the file will have, written before anything leaves. The
 * caller calls pipeTo once the response headers are set; the stream itself has no timeout.
 */
export async function openCsvExport(ctx: Ctx, actor: TenantActor, plan: ExportPlan): Promise<CsvExport> {
  await takeToken(ctx, `export:${actor.organizationId}`, EXPORT_BUCKET.capacity, EXPORT_BUCKET.perSecond);
  const client = await openExportClient(ctx.em, EXPORT_APPLICATION);
  const close = () => closeExportClient(client);
  let rows: number;
  try {
    rows = await openSnapshot(ctx, client, plan);
    await recordAudit(ctx, actor, plan.audit(rows));
  } catch (err) {
    await close();
    throw err;
  }
  return {
    filename: plan.filename,
    rows,
    async pipeTo(out) {
      try {
        await plan.stream(client, out);
      } catch (err) {
        out.destroy();
        throw err;
      } finally {
        // Closing also ends a COPY still under way (the reader went away) and its transaction.
        await close();
      }
    },
  };
}
