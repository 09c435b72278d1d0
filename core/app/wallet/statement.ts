// The monthly statement of the wallet: a calendar month in Dar es Salaam, from the opening balances through every
// top-up, the charges, releases, refunds and holds of each day and every adjustment, to the closing balances, with
// the totals of each kind. Every figure is read from the ledger in one snapshot, so the totals are the ledger's.
import type { Ctx } from '../context.ts';
import { seesLiveData, type TenantActor } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { REPORT_TIME_ZONE } from '../../domain/delivery-report.ts';
import { eatMonthOf, monthBounds, type StatementBalances, type StatementSums } from '../../domain/wallet-statement.ts';
import { readStatementRows, type BalancesRow, type DailyKind, type DailyRow, type SingleEntryRow } from '../../db/wallet/statement.ts';
import { findOrganization } from '../../db/organizations/organizations.ts';
import { parseWith } from '../validation.ts';
import { STATEMENT_MONTH_RULE, ZWalletStatementQuery } from '../../inputs/wallet.ts';

// Reading the ledger is what a statement needs.
export { access } from './list-ledger.ts';

export interface StatementDay {
  day: string;
  count: number;
  amount: number;
}

export interface StatementEntry {
  entry_id: string;
  created_at: string;
  reference: string | null;
  amount: number;
}

export interface StatementTotal {
  count: number;
  amount: number;
}

export type StatementKind = keyof StatementSums;

/** Which way each sum moves money, named as the statement's sections are. */
const SUM_OF_DAILY: Record<DailyKind, StatementKind> = { hold: 'holds', capture: 'charges', release: 'releases', refund: 'refunds' };

/** The month asked for, once it is a month and has begun (a later one has no statement yet). */
export function statementMonth(ctx: Ctx, input: unknown): { month: string; from: Date; to: Date } {
  const { month } = parseWith(ZWalletStatementQuery, input);
  if (month > eatMonthOf(ctx.now)) throw new DomainError('validation_failed', `month: ${STATEMENT_MONTH_RULE}; ${month} has not begun.`, { field: 'month' });
  return { month, ...monthBounds(month) };
}

const balances = (row: BalancesRow | null): StatementBalances => ({ available: BigInt(row?.available ?? 0), held: BigInt(row?.held ?? 0) });
const cents = (b: StatementBalances) => ({ available: Number(b.available), held: Number(b.held) });

function days(rows: DailyRow[], kind: DailyKind): StatementDay[] {
  return rows.filter((r) => r.kind === kind).map((r) => ({ day: r.day, count: r.count, amount: Number(r.amount) }));
}

function entries(rows: SingleEntryRow[], kind: SingleEntryRow['kind']): StatementEntry[] {
  return rows
    .filter((r) => r.kind === kind)
    .map((r) => ({ entry_id: r.id, created_at: new Date(r.created_at).toISOString(), reference: r.reference, amount: Number(r.amount) }));
}

/**
 * The statement of `input.month` (YYYY-MM). A month before the organization had any entry, and any month for a test
 * key (test mode never moves money), is all zeros. Amounts in cents; an adjustment is signed.
 */
export async function walletStatement(ctx: Ctx, actor: TenantActor, input: unknown) {
  const { month, from, to } = statementMonth(ctx, input);
  const organization = await findOrganization(ctx.em, actor.organizationId);
  if (!organization) throw new Error(`organization ${actor.organizationId} does not exist`);
  const live = seesLiveData(actor);
  const rows = live ? await readStatementRows(ctx.em, actor.organizationId, from, to) : { opening: null, closing: null, daily: [], entries: [] };
  const counts = { top_ups: 0, holds: 0, charges: 0, releases: 0, refunds: 0, adjustments: 0 } satisfies Record<StatementKind, number>;
  const sums: StatementSums = { top_ups: 0n, holds: 0n, charges: 0n, releases: 0n, refunds: 0n, adjustments: 0n };
  for (const r of rows.daily) {
    counts[SUM_OF_DAILY[r.kind]] += r.count;
    sums[SUM_OF_DAILY[r.kind]] += BigInt(r.amount);
  }
  for (const r of rows.entries) {
    const kind = r.kind === 'top_up' ? 'top_ups' : 'adjustments';
    counts[kind] += 1;
    sums[kind] += BigInt(r.amount);
  }
  const totals = Object.fromEntries(Object.keys(sums).map((k) => [k, { count: counts[k as StatementKind], amount: Number(sums[k as StatementKind]) }])) as Record<
    StatementKind,
    StatementTotal
  >;
  // Before the month's first entry the balances are the opening ones (zero before the first entry of all).
  const opening = balances(rows.opening);
  const closing = rows.closing ? balances(rows.closing) : opening;
  return {
    statement: {
      organization: { id: organization.id, name: organization.name },
      month,
      time_zone: REPORT_TIME_ZONE,
      from: from.toISOString(),
      to: to.toISOString(),
      currency: 'TZS' as const,
      test: !live,
      opening: cents(opening),
      top_ups: entries(rows.entries, 'top_up'),
      charges: days(rows.daily, 'capture'),
      releases: days(rows.daily, 'release'),
      refunds: days(rows.daily, 'refund'),
      holds: days(rows.daily, 'hold'),
      adjustments: entries(rows.entries, 'adjustment'),
      closing: cents(closing),
      totals,
    },
  };
}

export type WalletStatement = Awaited<ReturnType<typeof walletStatement>>['statement'];
