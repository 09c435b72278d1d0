// Opt-outs: active, cleared or all, searched by number (both kept in the address); one recorded, or one cleared.
import { useState } from 'react';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import { ClearOptOut, RecordOptOut } from './opt-out-forms.tsx';
import '../styles/address-book.css';

type OptOut = Outputs['optOuts']['list']['opt_outs'][number];
type Status = 'active' | 'cleared' | 'all';

const STATUSES: readonly Status[] = ['active', 'cleared', 'all'];
const PAGE_SIZE = 25;

const FILTERS: readonly FilterField[] = [
  {
    name: 'status',
    label: 'Show',
    type: 'select',
    defaultValue: 'active',
    options: [
      { value: 'active', label: 'Active' },
      { value: 'cleared', label: 'Cleared' },
      { value: 'all', label: 'Active and cleared' },
    ],
  },
  { name: 'search', label: 'Search by number', type: 'search', inputMode: 'tel', maxLength: 20, hint: 'The start of a number: 0754, +255 754 or 754.' },
];

export function OptOutsPage({ query }: PageProps) {
  const can = useCan();
  const [clearing, setClearing] = useState<OptOut | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<OptOut>[] = [
    { header: 'Number', cell: (o) => <span className="nowrap">{o.phone}</span> },
    { header: 'Status', cell: (o) => <span className={`badge ab-badge-${o.active ? 'active' : 'cleared'}`}>{o.active ? 'Active' : 'Cleared'}</span> },
    { header: 'Source', cell: (o) => humanize(o.source) },
    { header: 'Reason', cell: (o) => o.reason ?? '—' },
    { header: 'Recorded', cell: (o) => formatDateTime(o.created_at) },
    { header: 'Cleared', cell: (o) => (o.cleared_at ? `${formatDateTime(o.cleared_at)}: ${o.clear_reason ?? ''} (evidence: ${o.clear_evidence ?? '—'})` : '—') },
  ];
  if (can('opt_outs.write')) {
    columns.push({
      header: 'Action',
      cell: (o) =>
        o.active ? (
          <button
            type="button"
            className="button button-secondary ab-small"
            onClick={() => {
              setNotice(null);
              setClearing(o);
            }}
          >
            Clear <span className="visually-hidden">the opt-out of {o.phone}</span>
          </button>
        ) : (
          '—'
        ),
    });
  }

  return (
    <Page title="Opt-outs">
      <p className="lead">A number with an active opt-out receives no promotional message, whatever its consent; transactional messages still reach it.</p>
      {can('opt_outs.write') && (
        <details className="card ab-foldable">
          <summary>Record an opt-out</summary>
          <RecordOptOut />
        </details>
      )}
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {clearing && (
        <ClearOptOut
          key={clearing.id}
          optOut={clearing}
          onCancel={() => setClearing(null)}
          onDone={(message) => {
            setClearing(null);
            setNotice(message);
          }}
        />
      )}
      <FilteredList
        path="/opt-outs"
        query={query}
        filters={FILTERS}
        noun="opt-outs"
        list={(values, before) =>
          trpc.optOuts.list.queryOptions({ status: STATUSES.find((s) => s === values.status) ?? 'active', search: values.search || undefined, limit: PAGE_SIZE, before })
        }
        rows={(data) => data.opt_outs}
        next={(data) => data.next_before}
        columns={columns}
        rowKey={(o) => o.id}
        caption="Opt-outs, newest first"
        empty="No opt-out matches."
      />
    </Page>
  );
}
