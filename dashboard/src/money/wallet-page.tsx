// The wallet: balance (with the way to top it up), the paybill to pay it by, and every money movement
// (wallet.ledger), newest first, each with the balances after it, and the ledger of a range of days as a CSV file.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../session.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { href } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { LEDGER_KINDS } from '../../../core/domain/ledger.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import { DayRangeExport, lastDays } from '../messages/day-range-export.tsx';
import { StatementChooser } from '../statement/statement-chooser.tsx';
import { PaybillBox } from './paybill-box.tsx';

type Entry = Outputs['wallet']['ledger']['entries'][number];

const PAGE_SIZE = 25;

export function WalletLedgerPage({ query }: PageProps) {
  const { t } = useTranslation(['money', 'codes']);
  const wallet = useQuery(trpc.wallet.get.queryOptions());
  const can = useCan();
  const filters: readonly FilterField[] = [
    { name: 'kind', label: t('ledger.kind'), type: 'select', options: [{ value: '', label: t('ledger.everyKind') }, ...LEDGER_KINDS.map((k) => ({ value: k, label: t(`codes:${k}`) }))] },
  ];
  const columns: readonly Column<Entry>[] = [
    { header: t('ledger.columns.date'), cell: (e) => formatDateTime(e.created_at) },
    { header: t('ledger.columns.kind'), cell: (e) => t(`codes:${e.kind}`) },
    // Amounts are positive, the kind saying which way they move; only an adjustment carries a sign.
    { header: t('ledger.columns.amount'), cell: (e) => formatTzs(e.amount), numeric: true },
    { header: t('ledger.columns.availableAfter'), cell: (e) => formatTzs(e.balance_after), numeric: true },
    { header: t('ledger.columns.heldAfter'), cell: (e) => formatTzs(e.held_after), numeric: true },
    {
      header: t('ledger.columns.for'),
      cell: (e) => (e.message_id ? <a href={href(`/messages/${e.message_id}`)}>{t('ledger.message')}</a> : e.campaign_id ? t('ledger.campaign') : (e.reference ?? '—')),
    },
  ];
  const days = lastDays();
  return (
    <Page title={t('title')}>
      <section className="card" aria-labelledby="wallet-balance">
        <h2 id="wallet-balance">{t('wallet.balance')}</h2>
        <QueryState query={wallet}>
          {({ wallet: w }) => (
            <Stats
              items={[
                { label: t('wallet.available'), value: formatTzs(w.available) },
                { label: t('wallet.held'), value: formatTzs(w.held) },
                { label: t('wallet.alertBelow'), value: w.low_balance_threshold === null ? t('wallet.notSet') : formatTzs(w.low_balance_threshold) },
              ]}
            />
          )}
        </QueryState>
        {can('wallet.top_up') && (
          <p>
            <a className="button" href={href('/top-ups')}>
              {t('topUpLink')}
            </a>
          </p>
        )}
      </section>
      <PaybillBox />
      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">{t('ledger.heading')}</h2>
        <FilteredList
          path="/wallet"
          query={query}
          filters={filters}
          noun={t('ledger.noun')}
          list={(values, before) => {
            const kind = LEDGER_KINDS.find((k) => k === values.kind);
            return trpc.wallet.ledger.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}), ...(kind ? { kind } : {}) });
          }}
          rows={(data) => data.entries}
          next={(data) => data.next_before}
          columns={columns}
          rowKey={(e) => e.id}
          caption={t('ledger.caption')}
          empty={t('ledger.empty')}
        />
      </section>
      <DayRangeExport id="ledger-export" heading={t('export.heading')} first={days.first} last={days.last} link={(range) => trpc.wallet.exportLink.queryOptions(range)}>
        {t('export.whatIsIn')}
      </DayRangeExport>
      <StatementChooser />
    </Page>
  );
}
