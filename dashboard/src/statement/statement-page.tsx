// The printable monthly statement (wallet.statement): the organization, the month, each section as a table and the
// totals, which are the ledger's own. Print CSS leaves the menu and the buttons off the paper.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { href } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatCount } from '../format/locale.ts';
import { formatDate, formatDateTime } from '../format/time.ts';
import { isStatementMonth } from '../../../core/domain/wallet-statement.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { formatMonth, statementFile } from './month.ts';
import '../styles/statement.css';

type Statement = Outputs['wallet']['statement']['statement'];
type Day = Statement['charges'][number];
type Entry = Statement['top_ups'][number];
type DaySection = 'charges' | 'releases' | 'refunds' | 'holds';
type TotalKey = keyof Statement['totals'];

const DAY_SECTIONS: readonly DaySection[] = ['charges', 'releases', 'refunds', 'holds'];
const TOTALS: readonly TotalKey[] = ['top_ups', 'charges', 'releases', 'refunds', 'holds', 'adjustments'];
const TOTAL_WORD = { top_ups: 'topUps', charges: 'charges', releases: 'releases', refunds: 'refunds', holds: 'holds', adjustments: 'adjustments' } as const;

/** A day of the statement (YYYY-MM-DD in Dar es Salaam) in the language shown. */
const dayText = (day: string) => formatDate(`${day}T12:00:00+03:00`);

export function StatementPage({ params }: PageProps) {
  const { t } = useTranslation('statement');
  const month = params.month ?? '';
  const statement = useQuery(trpc.wallet.statement.queryOptions({ month }));
  return (
    <Page
      title={t('title', { month: isStatementMonth(month) ? formatMonth(month) : month })}
      actions={
        <div className="statement-actions">
          <button type="button" className="button" onClick={() => window.print()}>
            {t('page.print')}
          </button>
          <a className="button button-secondary" href={statementFile(month)} download>
            {t('page.download')}
          </a>
          <a className="button button-secondary" href={href('/wallet')}>
            {t('page.back')}
          </a>
        </div>
      }
    >
      <QueryState query={statement} label={t('loading')}>
        {({ statement: s }) => <StatementBody s={s} />}
      </QueryState>
    </Page>
  );
}

function StatementBody({ s }: { s: Statement }) {
  const { t } = useTranslation('statement');
  const last = new Date(Date.parse(s.to) - 1);
  const entryColumns: readonly Column<Entry>[] = [
    { header: t('columns.date'), cell: (e) => formatDateTime(e.created_at) },
    { header: t('columns.reference'), cell: (e) => e.reference ?? '—' },
    { header: t('columns.amount'), cell: (e) => formatTzs(e.amount), numeric: true },
  ];
  const dayColumns: readonly Column<Day>[] = [
    { header: t('columns.day'), cell: (d) => dayText(d.day) },
    { header: t('columns.count'), cell: (d) => formatCount(d.count), numeric: true },
    { header: t('columns.amount'), cell: (d) => formatTzs(d.amount), numeric: true },
  ];
  const balanceRows = [
    { key: 'opening', when: t('balances.opening', { date: formatDate(s.from) }), ...s.opening },
    { key: 'closing', when: t('balances.closing', { date: formatDate(last) }), ...s.closing },
  ];
  return (
    <div className="statement">
      <dl className="statement-facts">
        <dt>{t('page.organization')}</dt>
        <dd data-testid="statement-organization">{s.organization.name}</dd>
        <dt>{t('page.period')}</dt>
        <dd>{t('page.periodValue', { first: formatDate(s.from), last: formatDate(last) })}</dd>
      </dl>
      {s.test && <p className="hint">{t('page.testMode')}</p>}
      <section aria-labelledby="statement-balances">
        <h2 id="statement-balances">{t('balances.heading')}</h2>
        <DataTable
          caption={t('balances.caption')}
          rows={balanceRows}
          rowKey={(r) => r.key}
          empty={t('page.none')}
          columns={[
            { header: t('balances.columns.when'), cell: (r) => r.when },
            { header: t('balances.columns.available'), cell: (r) => formatTzs(r.available), numeric: true },
            { header: t('balances.columns.held'), cell: (r) => formatTzs(r.held), numeric: true },
          ]}
        />
      </section>
      <StatementSection id="top-ups" heading={t('sections.topUps')} rows={s.top_ups} columns={entryColumns} rowKey={(e) => e.entry_id} />
      {DAY_SECTIONS.map((section) => (
        <StatementSection key={section} id={section} heading={t(`sections.${section}`)} rows={s[section]} columns={dayColumns} rowKey={(d) => d.day} />
      ))}
      <StatementSection id="adjustments" heading={t('sections.adjustments')} rows={s.adjustments} columns={entryColumns} rowKey={(e) => e.entry_id} />
      <section aria-labelledby="statement-totals">
        <h2 id="statement-totals">{t('sections.totals')}</h2>
        <DataTable
          caption={t('totals.caption')}
          rows={TOTALS}
          rowKey={(k) => k}
          empty={t('page.none')}
          columns={[
            { header: t('columns.kind'), cell: (k) => t(`totals.${TOTAL_WORD[k]}`) },
            { header: t('columns.count'), cell: (k) => formatCount(s.totals[k].count), numeric: true },
            { header: t('columns.amount'), cell: (k) => <span data-testid={`total-${k}`}>{formatTzs(s.totals[k].amount)}</span>, numeric: true },
          ]}
        />
      </section>
    </div>
  );
}

function StatementSection<T>({ id, heading, rows, columns, rowKey }: { id: string; heading: string; rows: readonly T[]; columns: readonly Column<T>[]; rowKey: (row: T) => string }) {
  const { t } = useTranslation('statement');
  return (
    <section aria-labelledby={`statement-${id}`}>
      <h2 id={`statement-${id}`}>{heading}</h2>
      <DataTable caption={heading} rows={rows} columns={columns} rowKey={rowKey} empty={t('page.none')} />
    </section>
  );
}
