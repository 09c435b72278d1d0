// Top-ups: the payments the organization told the service about, each pending, credited or declined (with the
// reason), and a form to tell it about a new one.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TOP_UP_STATUSES, type TopUpStatus } from '../../../core/domain/top-up-requests.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { TopUpForm } from './top-up-form.tsx';
import '../styles/admin.css';

type TopUp = Outputs['wallet']['topUps']['top_ups'][number];

const PAGE_SIZE = 25;

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

export function TopUpsPage() {
  const can = useCan();
  const [status, setStatus] = useState<TopUpStatus | ''>('');
  const pages = useKeysetPages(status);
  const topUps = useQuery(trpc.wallet.topUps.queryOptions({ limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}), ...(status ? { status } : {}) }));
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
        <div className="filters">
          <Field label="Status">
            {(c) => (
              <select {...c} value={status} onChange={(e) => setStatus(e.target.value as TopUpStatus | '')}>
                <option value="">Every status</option>
                {TOP_UP_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {humanize(s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <QueryState query={topUps} label="Loading the requests">
          {(data) => (
            <>
              <DataTable caption="Top-up requests, newest first" columns={COLUMNS} rows={data.top_ups} rowKey={(t) => t.id} empty="No top-up request." />
              <Pager label="Pages of top-up requests" pages={pages} next={data.next_before} />
            </>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
