// Past contact imports, newest first, with their state and counts; the way into the import wizard.
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
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

export function ImportsPage({ query }: PageProps) {
  const can = useCan();
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
        <FilteredList
          path="/imports"
          query={query}
          filters={[]}
          noun="imports"
          list={(_, before) =>
            trpc.imports.list.queryOptions(
              { limit: PAGE_SIZE, before },
              // An import under way moves on by itself: the list follows it.
              { refetchInterval: (q) => (q.state.data?.imports.some((i) => RUNNING.has(i.state)) ? 3000 : false) },
            )
          }
          rows={(data) => data.imports}
          next={(data) => data.next_before}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          caption="Contact imports, newest first"
          empty="No import yet."
        />
      </section>
    </Page>
  );
}
