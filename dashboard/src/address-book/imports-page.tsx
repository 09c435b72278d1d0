// Past contact imports, newest first, with their state and counts; the way into the import wizard.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import '../styles/address-book.css';

type ContactImport = Outputs['imports']['list']['imports'][number];

const PAGE_SIZE = 25;
const RUNNING = new Set(['uploading', 'queued', 'processing']);

const COLUMNS: readonly Column<ContactImport>[] = [
  { header: 'Uploaded', cell: (i) => <a href={href(`/imports/${i.id}`)}>{formatDateTime(i.created_at)}</a> },
  { header: 'File', cell: (i) => <span className="ab-break">{i.filename ?? '—'}</span> },
  { header: 'State', cell: (i) => <span className={`badge ab-badge-${i.state}`}>{humanize(i.state)}</span> },
  { header: 'Rows', cell: (i) => i.rows.toLocaleString('en-US'), numeric: true },
  { header: 'Created', cell: (i) => i.counts.created.toLocaleString('en-US'), numeric: true },
  { header: 'Invalid', cell: (i) => i.counts.invalid.toLocaleString('en-US'), numeric: true },
];

export function ImportsPage() {
  const can = useCan();
  const pages = useKeysetPages('');
  const list = useQuery({
    ...trpc.imports.list.queryOptions({ limit: PAGE_SIZE, before: pages.before }),
    // An import under way moves on by itself: the list follows it.
    refetchInterval: (q) => (q.state.data?.imports.some((i) => RUNNING.has(i.state)) ? 3000 : false),
  });
  return (
    <Page
      title="Imports"
      actions={
        can('imports.write') && (
          <a className="button" href={href('/imports/new')}>
            Import contacts
          </a>
        )
      }
    >
      <p className="lead">Contacts come from a CSV file in a few steps: upload it, check it, choose its columns, then process it. One import runs at a time.</p>
      <section aria-labelledby="imports-heading">
        <h2 id="imports-heading">Past imports</h2>
        <QueryState query={list} label="Loading imports">
          {(data) => (
            <>
              <DataTable caption="Contact imports, newest first" columns={COLUMNS} rows={data.imports} rowKey={(i) => i.id} empty="No import yet." />
              <Pager label="Pages of imports" pages={pages} next={data.next_before} />
            </>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
