// Export campaign recipients as CSV: streamed from PostgreSQL through COPY, rate limited, counted first, audited.
import { z } from 'zod';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { priceShare } from '../../domain/pricing.ts';
import { nativePool, one } from '../../db/sql.ts';
import { takeToken } from '../rate-limit.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';
import type { CampaignRow, QuoteRow } from './campaign-view.ts';
import {
  RECIPIENTS_FROM, RECIPIENT_CHARGE, RECIPIENT_FAILURE, RECIPIENT_FINAL_AT, RECIPIENT_STATUS, ZRecipientStatusFilter,
  isStatementTimeout, launchedCampaign, readTimeout, recipientUpdatedAt, statusesOf, type TRecipientStatusFilter,
} from './recipients.ts';

export { readAccess as access } from './drafts.ts';

export const MAX_EXPORT_ROWS = 500_000;
/** Exports per organization: a burst of 5, then one every 12 seconds (5 a minute). */
export const EXPORT_BUCKET = { capacity: 5, perSecond: 5 / 60 };
export const EXPORT_TIME_ZONE = 'Africa/Dar_es_Salaam';

export const EXPORT_COLUMNS = [
  'recipient', 'phone', 'status', 'failure_reason', 'segments', 'unit_price_cents', 'amount_cents', 'charge',
  'queued_at_eat', 'updated_at_eat', 'final_at_eat', 'message_id',
] as const;

/** Only status narrows an export; a number search is a list operation (unknown parameters are 422). */
export const ZExportQuery = z.strictObject({ status: ZRecipientStatusFilter.optional() });
export type TExportQuery = z.infer<typeof ZExportQuery>;

interface Scope {
  campaign: CampaignRow;
  quote: QuoteRow;
  status: TRecipientStatusFilter | undefined;
  masked: boolean;
}

/** Local time with its offset, seconds kept (2026-11-22T12:00:00+03:00); the transaction's time zone is EAT. */
const eat = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;

/**
 * The COPY statement. COPY takes no bind parameters, so values are written as literals through the
 * driver's escaping; the status filter is a list of known words. Every text cell goes through
 * csv_escape (migrations/0005-csv-escape.ts, the rule of core/domain/csv-cell.ts); COPY quotes.
 */
export function exportSql(client: Pick<PoolClient, 'escapeLiteral'>, s: Scope): string {
  const lit = (v: string) => client.escapeLiteral(v);
  const share = priceShare(BigInt(s.quote.unit_amount), s.quote.segments);
  const where = [`r.organization_id = ${lit(s.campaign.organization_id)}::uuid`, `r.quote_id = ${lit(s.quote.id)}::uuid`];
  if (s.status) where.push(`${RECIPIENT_STATUS} in (${statusesOf(s.status).map(lit).join(', ')})`);
  const phone = s.masked ? 'mask_phone(r.phone)' : 'r.phone';
  const select = `select r.n as recipient, csv_escape(${phone}) as phone, csv_escape(${RECIPIENT_STATUS}) as status,
      csv_escape(${RECIPIENT_FAILURE}) as failure_reason, ${s.quote.segments} as segments,
      ${BigInt(s.quote.unit_amount)} as unit_price_cents, ${share} as amount_cents, csv_escape(${RECIPIENT_CHARGE}) as charge,
      ${eat('r.queued_at')} as queued_at_eat, ${eat(recipientUpdatedAt(`${lit(s.campaign.launched_at!.toISOString())}::timestamptz`))} as updated_at_eat,
      ${eat(RECIPIENT_FINAL_AT)} as final_at_eat, csv_escape(r.message_id::text) as message_id
    from ${RECIPIENTS_FROM} where ${where.join(' and ')} order by r.n`;
  return `copy (${select}) to stdout with (format csv, header)`;
}

/**
 * The stream has no timeout (a slow reader must not cut its own download short), and its plan must
 * stream: recipients in key order, each joined to its message by key. Left to itself the planner
 * hashes every message of the campaign and sorts the whole file first, so nothing leaves for seconds.
 */
const STREAMING_PLAN = `select set_config('statement_timeout', '0', true), set_config('enable_sort', 'off', true),
  set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`;

/** How many rows the file will have, counting no further than one past the limit. */
async function countRows(tx: PoolClient, s: Scope): Promise<number> {
  if (!s.status) return s.campaign.audience_size ?? 0;
  const found = await one<{ n: number }>(
    tx,
    `select count(*)::int as n from (select 1 from ${RECIPIENTS_FROM}
       where r.organization_id = ? and r.quote_id = ? and ${RECIPIENT_STATUS} = any(?::text[]) limit ?) x`,
    [s.campaign.organization_id, s.quote.id, statusesOf(s.status), MAX_EXPORT_ROWS + 1],
  );
  return found?.n ?? 0;
}

export interface RecipientExport {
  filename: string;
  rows: number;
  /** Streams the file into out; a failure half way destroys out, so the reader never takes a short file for a whole one. */
  pipeTo(out: Writable): Promise<void>;
}

/** A held connection must not take the process down when its backend goes away while idle between statements. */
const ignoreClientError = () => {};

/**
 * Opens the export: one repeatable-read transaction counts the rows (503 read_timeout within
 * readTimeoutMs; 422 export_too_large past 500,000) and then streams them, so the count written
 * to the audit log is the file's. The stream itself has no timeout: a slow reader must not cut
 * its own download short. The caller must call pipeTo once the response headers are set.
 */
export async function openRecipientExport(ctx: Ctx, actor: TenantActor, id: string, query: TExportQuery): Promise<RecipientExport> {
  const { campaign, quote } = await launchedCampaign(ctx, actor.organizationId, id);
  await takeToken(ctx, `export:${actor.organizationId}`, EXPORT_BUCKET.capacity, EXPORT_BUCKET.perSecond);
  const scope: Scope = { campaign, quote, status: query.status, masked: !canSeeNumbers(actor) };
  const client = await (await nativePool(ctx.em)).connect();
  client.on('error', ignoreClientError);
  const done = (broken: boolean) => {
    client.off('error', ignoreClientError);
    client.release(broken);
  };
  let rows: number;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query("select set_config('statement_timeout', $1, true), set_config('timezone', $2, true)", [String(ctx.deps.config.readTimeoutMs), EXPORT_TIME_ZONE]);
    rows = await countRows(client, scope);
    if (rows > MAX_EXPORT_ROWS) {
      throw new DomainError('export_too_large', `The export would have more than ${MAX_EXPORT_ROWS} rows; export one status at a time.`, { field: 'status' });
    }
    await client.query(STREAMING_PLAN);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    done(false);
    throw isStatementTimeout(err) ? readTimeout(ctx.deps.config.readTimeoutMs) : err;
  }
  await recordAudit(ctx, actor, {
    organizationId: actor.organizationId,
    action: 'campaign.exported',
    targetType: 'campaign',
    targetId: campaign.id,
    details: { rows, status: query.status ?? null, numbers_masked: scope.masked },
  }).catch(async (err: unknown) => {
    await client.query('rollback').catch(() => {});
    done(false);
    throw err;
  });
  return {
    filename: `campaign-${campaign.id}-recipients${query.status ? `-${query.status}` : ''}.csv`,
    rows,
    async pipeTo(out) {
      try {
        await pipeline(client.query(copyTo(exportSql(client, scope))), out);
        await client.query('commit');
        done(false);
      } catch (err) {
        // The connection may be half way through a COPY: it is closed rather than given back.
        out.destroy();
        done(true);
        throw err;
      }
    },
  };
}
