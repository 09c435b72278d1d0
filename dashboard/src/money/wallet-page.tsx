// The wallet: balance and every money movement (wallet.ledger), newest first, each with the balances after it.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { href } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { LEDGER_KINDS } from '../../../core/domain/ledger.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';

type Entry = Outputs['wallet']['ledger']['entries'][number];

const PAGE_SIZE = 25;

const FILTERS: readonly FilterField[] = [
  { name: 'kind', label: 'Kind', type: 'select', options: [{ value: '', label: 'Every kind' }, ...LEDGER_KINDS.map((k) => ({ value: k, label: humanize(k) }))] },
];

const COLUMNS: readonly Column<Entry>[] = [
  { header: 'Date', cell: (e) => formatDateTime(e.created_at) },
  { header: 'Kind', cell: (e) => humanize(e.kind) },
  // Amounts are positive, the kind saying which way they move; only an adjustment carries a sign.
  { header: 'Amount', cell: (e) => formatTzs(e.amount), numeric: true },
  { header: 'Available after', cell: (e) => formatTzs(e.balance_after), numeric: true },
  { header: 'Held after', cell: (e) => formatTzs(e.held_after), numeric: true },
  {
    header: 'For',
    cell: (e) => (e.message_id ? <a href={href(`/messages/${e.message_id}`)}>Message</a> : e.campaign_id ? 'Campaign' : (e.reference ?? '—')),
  },
];

export function WalletLedgerPage({ query }: PageProps) {
  const wallet = useQuery(trpc.wallet.get.queryOptions());
  return (
    <Page title="Wallet">
      <section className="card" aria-labelledby="wallet-balance">
        <h2 id="wallet-balance">Balance</h2>
        <QueryState query={wallet}>
          {({ wallet: w }) => (
            <Stats
              items={[
                { label: 'Available', value: formatTzs(w.available) },
                { label: 'Held', value: formatTzs(w.held) },
                { label: 'Low-balance alert below', value: w.low_balance_threshold === null ? 'Not set' : formatTzs(w.low_balance_threshold) },
              ]}
            />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger</h2>
        <FilteredList
          path="/wallet"
          query={query}
          filters={FILTERS}
          noun="ledger entries"
          list={(values, before) => {
            const kind = LEDGER_KINDS.find((k) => k === values.kind);
            return trpc.wallet.ledger.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}), ...(kind ? { kind } : {}) });
          }}
          rows={(data) => data.entries}
          next={(data) => data.next_before}
          columns={COLUMNS}
          rowKey={(e) => e.id}
          caption="Ledger entries, newest first"
          empty="No ledger entry."
        />
      </section>
    </Page>
  );
}
