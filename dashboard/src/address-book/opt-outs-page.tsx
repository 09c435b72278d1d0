// Opt-outs: active, cleared or all, searched by number (both kept in the address); one recorded, or one cleared.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { errorField, errorMessage } from '../errors.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { ClearOptOut, RecordOptOut } from './opt-out-forms.tsx';
import '../styles/address-book.css';

type OptOut = Outputs['optOuts']['list']['opt_outs'][number];
type Status = 'active' | 'cleared' | 'all';

const STATUSES: readonly { value: Status; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'cleared', label: 'Cleared' },
  { value: 'all', label: 'Active and cleared' },
];
const PAGE_SIZE = 25;

function readStatus(query: URLSearchParams): Status {
  return STATUSES.find((s) => s.value === query.get('status'))?.value ?? 'active';
}

export function OptOutsPage({ query }: PageProps) {
  const can = useCan();
  const status = readStatus(query);
  const search = query.get('search') ?? '';
  const pages = useKeysetPages(`${status}|${search}`);
  const list = useQuery(trpc.optOuts.list.queryOptions({ status, search: search || undefined, limit: PAGE_SIZE, before: pages.before }));
  const [clearing, setClearing] = useState<OptOut | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const searchError = errorField(list.error) === 'search' ? errorMessage(list.error) : undefined;

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
      <OptOutFilters status={status} search={search} searchError={searchError} />
      <section aria-labelledby="opt-outs-results">
        <h2 id="opt-outs-results" className="visually-hidden">
          Results
        </h2>
        {searchError ? null : (
          <QueryState query={list} label="Loading opt-outs">
            {(data) => (
              <>
                <DataTable caption="Opt-outs, newest first" columns={columns} rows={data.opt_outs} rowKey={(o) => o.id} empty="No opt-out matches." />
                <Pager label="Pages of opt-outs" pages={pages} next={data.next_before} />
              </>
            )}
          </QueryState>
        )}
      </section>
    </Page>
  );
}

function OptOutFilters({ status, search, searchError }: { status: Status; search: string; searchError: string | undefined }) {
  const [draft, setDraft] = useState({ status: status as string, search });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    navigate('/opt-outs', { status: draft.status === 'active' ? undefined : draft.status, search: draft.search.trim() });
  };
  return (
    <form className="filters card" role="search" aria-label="Filter opt-outs" onSubmit={onSubmit}>
      <Field label="Show">
        {(c) => (
          <select {...c} value={draft.status} onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Search by number" error={searchError} hint="The start of a number: 0754, +255 754 or 754.">
        {(c) => <input {...c} type="search" inputMode="tel" maxLength={20} value={draft.search} onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))} />}
      </Field>
      <div className="filter-actions">
        <button type="submit" className="button">
          Apply
        </button>
      </div>
    </form>
  );
}
