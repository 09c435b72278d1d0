// The monthly statement as CSV: its sections one after another, each row saying its section, amounts in TZS with
// two decimals as the ledger export writes them. Taken like any export: the organization's export token, then the
// audit event, before the file leaves.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { takeToken } from '../rate-limit.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { EXPORT_BUCKET } from '../csv-export.ts';
import { centsAsTzs } from '../../domain/money-text.ts';
import { toCsvField } from '../../domain/csv-cell.ts';
import { eatDateTime } from '../../domain/wallet-statement.ts';
import { walletStatement, type StatementDay, type StatementEntry, type StatementKind, type WalletStatement } from './statement.ts';

export { access } from './statement.ts';

export const STATEMENT_CSV_COLUMNS = ['section', 'date', 'kind', 'entry_id', 'reference', 'count', 'amount', 'available', 'held', 'currency'] as const;

/** The sections in the file's order; each movement's ledger kind beside it. */
export const STATEMENT_SECTIONS = ['opening', 'top_up', 'charges', 'releases', 'refunds', 'holds', 'adjustment', 'closing', 'totals'] as const;

const KIND_OF: Record<StatementKind, string> = { top_ups: 'top_up', charges: 'capture', releases: 'release', refunds: 'refund', holds: 'hold', adjustments: 'adjustment' };

type Row = Partial<Record<(typeof STATEMENT_CSV_COLUMNS)[number], string | number | null>>;

/** Amounts are our own digits, left as numbers for the spreadsheet (an adjustment may be negative), never escaped. */
const AMOUNTS = new Set(['amount', 'available', 'held']);

function line(row: Row): string {
  const cell = (column: (typeof STATEMENT_CSV_COLUMNS)[number]) => {
    const value = row[column] ?? null;
    return AMOUNTS.has(column) && value !== null ? String(value) : toCsvField(value);
  };
  return STATEMENT_CSV_COLUMNS.map(cell).join(',') + '\r\n';
}

const tzs = (cents: number) => centsAsTzs(BigInt(cents));

export function statementCsv(s: WalletStatement): string {
  const balances = (section: 'opening' | 'closing', at: string, b: { available: number; held: number }): Row =>
    ({ section, date: eatDateTime(new Date(at)), available: tzs(b.available), held: tzs(b.held), currency: 'TZS' });
  const entry = (section: 'top_up' | 'adjustment', e: StatementEntry): Row =>
    ({ section, date: eatDateTime(new Date(e.created_at)), kind: section, entry_id: e.entry_id, reference: e.reference, count: 1, amount: tzs(e.amount), currency: 'TZS' });
  const day = (section: 'charges' | 'releases' | 'refunds' | 'holds', d: StatementDay): Row =>
    ({ section, date: d.day, kind: KIND_OF[section], count: d.count, amount: tzs(d.amount), currency: 'TZS' });
  const rows: Row[] = [
    balances('opening', s.from, s.opening),
    ...s.top_ups.map((e) => entry('top_up', e)),
    ...s.charges.map((d) => day('charges', d)),
    ...s.releases.map((d) => day('releases', d)),
    ...s.refunds.map((d) => day('refunds', d)),
    ...s.holds.map((d) => day('holds', d)),
    ...s.adjustments.map((e) => entry('adjustment', e)),
    balances('closing', s.to, s.closing),
    ...(Object.keys(KIND_OF) as StatementKind[]).map((k): Row => ({ section: 'totals', date: s.month, kind: KIND_OF[k], count: s.totals[k].count, amount: tzs(s.totals[k].amount), currency: 'TZS' })),
  ];
  return STATEMENT_CSV_COLUMNS.join(',') + '\r\n' + rows.map(line).join('');
}

/** The file of a month: refused as the statement is (422 field month), then rate limited and audited like every export. */
export async function openStatementCsv(ctx: Ctx, actor: TenantActor, input: unknown): Promise<{ filename: string; content: string }> {
  const { statement } = await walletStatement(ctx, actor, input);
  await takeToken(ctx, `export:${actor.organizationId}`, EXPORT_BUCKET.capacity, EXPORT_BUCKET.perSecond);
  await recordAudit(ctx, actor, {
    organizationId: actor.organizationId,
    action: 'wallet.statement_exported',
    targetType: 'organization',
    targetId: actor.organizationId,
    details: { month: statement.month },
  });
  return { filename: `wallet-statement-${statement.month}.csv`, content: statementCsv(statement) };
}
