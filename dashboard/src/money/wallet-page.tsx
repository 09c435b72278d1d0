// The wallet: balance and every money movement (wallet.ledger), newest first, each with the balances after it.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { LEDGER_KINDS } from '../../../core/domain/ledger.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { Field } from '../ui/field.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';

type Entry = Outputs['wallet']['ledger']['entries'][number];
type Kind = NonNullable<Inputs['wallet']['ledger']['kind']>;

const KINDS: readonly Kind[] = LEDGER_KINDS;
const PAGE_SIZE = 25;

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

export function WalletLedgerPage() {
  const [kind, setKind] = useState<Kind | ''>('');
  const pages = useKeysetPages(kind);
  const wallet = useQuery(trpc.wallet.get.queryOptions());
  const ledger = useQuery(trpc.wallet.ledger.queryOptions({ limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}), ...(kind ? { kind } : {}) }));
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
        <div className="filters">
          <Field label="Kind">
            {(c) => (
              <select {...c} value={kind} onChange={(e) => setKind(e.target.value as Kind | '')}>
                <option value="">Every kind</option>
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {humanize(k)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <QueryState query={ledger} label="Loading the ledger">
          {(data) => (
            <>
              <DataTable caption="Ledger entries, newest first" columns={COLUMNS} rows={data.entries} rowKey={(e) => e.id} empty="No ledger entry." />
              <Pager label="Pages of the ledger" pages={pages} next={data.next_before} />
            </>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
