// What every CSV export shares on the database side: a connection of its own, one read-only snapshot in EAT for
// the count and the file, COPY streamed into the response, and local times written with their offset.
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg, { type Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { nativePool } from './sql.ts';

export type ExportClient = Client;

/**
 * Local time with its offset, to the second (2026-11-22T12:00:00+03:00). The transaction's time zone is
 * EAT, so a timestamp's text is `2026-11-22 12:00:00+03`; reshaping it costs half of to_char.
 */
export const eatText = (column: string) => `replace(date_trunc('second', ${column})::text, ' ', 'T') || ':00'`;

/**
 * A connection outside the request pool, named `applicationName` (pg_stat_activity): a slow download holds it for
 * as long as it lasts, and must neither starve other requests nor wait for a pooled connection (the audit) while
 * holding one.
 */
export async function openExportClient(em: EntityManager, applicationName: string): Promise<ExportClient> {
  const options = (await nativePool(em)).options;
  // pg-pool keeps the password out of the enumerable options, so it is named here.
  const client = new pg.Client({ ...options, password: options.password, application_name: applicationName });
  // A dropped connection is reported by the statement in flight; the event must not take the process down.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** One repeatable-read transaction for the count and the file, its statements limited to `ms`, in `timeZone` (EAT). */
export async function beginExportSnapshot(client: ExportClient, ms: number, timeZone: string): Promise<void> {
  await client.query('begin isolation level repeatable read read only');
  await client.query("select set_config('statement_timeout', $1, true), set_config('timezone', $2, true)", [String(ms), timeZone]);
}

/** The file's statement runs without a timeout: a slow reader must not cut its own download short. */
export async function liftExportTimeout(client: ExportClient): Promise<void> {
  await client.query("select set_config('statement_timeout', '0', true)");
}

/** COPYs the rows of `select` into out as CSV with a header line. */
export async function streamCopy(client: ExportClient, select: string, out: Writable): Promise<void> {
  await pipeline(client.query(copyTo(`copy (${select}) to stdout with (format csv, header)`)), out);
}

/** Ends the connection, and with it any COPY and transaction still open on it; a failure to end it changes nothing. */
export async function closeExportClient(client: ExportClient): Promise<void> {
  await client.end().catch(() => {});
}
