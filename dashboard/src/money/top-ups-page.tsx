// Top-ups: the payments the organization told the service about, each pending, credited or declined (with the
// reason), and a form to tell it about a new one.
import { TOP_UP_STATUSES } from '../../../core/domain/top-up-requests.ts';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { TopUpForm } from './top-up-form.tsx';
import '../styles/admin.css';

type TopUp = Outputs['wallet']['topUps']['top_ups'][number];

const PAGE_SIZE = 25;

const FILTERS: readonly FilterField[] = [
  { name: 'status', label: 'Status', type: 'select', options: [{ value: '', label: 'Every status' }, ...TOP_UP_STATUSES.map((s) => ({ value: s, label: humanize(s) }))] },
];

const COLUMNS: readonly Column<TopUp>[] = [
  { header: 'Requested', cell: (t) => formatDateTime(t.created_at) },
  { header: 'Amount', cell: (t) => formatTzs(t.amount), numeric: true },
  { header: 'Paid by', cell: (t) => humanize(t.method) },
  { header: 'Reference', cell: (t) => t.reference },
  { header: 'Status', cell: (t) => <StateBadge state={t.status} /> },
  // What arrived may differ from what was claimed; both are kept.
  { header: 'Credited', cell: (t) => (t.credited_amount === null ? '—' : formatTzs(t.credited_amount)), numeric: true },
  { header: 'Decided', cell: (t) => formatDateTime(t.decided_at) },
  { header: 'Reason', cell: (t) => t.decline_reason ?? '—' },
  { header: 'Note', cell: (t) => t.note ?? '—' },
];

export function TopUpsPage({ query }: PageProps) {
  const can = useCan();
  return (
    <Page title="Top-ups">
      <p className="lead">Pay by bank transfer or mobile money, then tell us here. The balance grows when the service has checked the payment and credited it.</p>
      {can('wallet.top_up') && (
        <section className="card" aria-labelledby="request-top-up-heading">
          <h2 id="request-top-up-heading">Request a top-up</h2>
          <TopUpForm />
        </section>
      )}
      <section aria-labelledby="top-ups-heading">
        <h2 id="top-ups-heading">Requests</h2>
        <FilteredList
          path="/top-ups"
          query={query}
          filters={FILTERS}
          noun="top-up requests"
          list={(values, before) => {
            const status = TOP_UP_STATUSES.find((s) => s === values.status);
            return trpc.wallet.topUps.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}), ...(status ? { status } : {}) });
          }}
          rows={(data) => data.top_ups}
          next={(data) => data.next_before}
          columns={COLUMNS}
          rowKey={(t) => t.id}
          caption="Top-up requests, newest first"
          empty="No top-up request."
        />
      </section>
    </Page>
  );
}
