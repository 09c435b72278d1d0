// Messages, newest first: filters kept in the address (status, traffic class, sender, created range), keyset pages.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime, dayEnd, dayStart } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { MessageFilters, readFilters, type Filters } from './message-filters.tsx';

type Message = Outputs['messages']['list']['messages'][number];

const PAGE_SIZE = 25;

/**
 * The list's input: REST's paging and mode, and the use case's filter fields (ZMessageFilter's names). A field
 * left undefined is not sent (JSON drops it).
 */
function listInput(filters: Filters, before: string | undefined): Inputs['messages']['list'] {
  return {
    limit: PAGE_SIZE,
    before,
    mode: filters.mode,
    status: filters.status ? [filters.status] : undefined,
    traffic_class: filters.traffic_class,
    sender: filters.sender,
    created_from: filters.from ? dayStart(filters.from) : undefined,
    created_to: filters.to ? dayEnd(filters.to) : undefined,
  };
}

const COLUMNS: readonly Column<Message>[] = [
  { header: 'Created', cell: (m) => <a href={href(`/messages/${m.id}`)}>{formatDateTime(m.created_at)}</a> },
  { header: 'To', cell: (m) => <span className="nowrap">{m.to}</span> },
  { header: 'From', cell: (m) => m.from },
  { header: 'Class', cell: (m) => humanize(m.traffic_class) },
  { header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
  { header: 'Segments', cell: (m) => m.segments, numeric: true },
  { header: 'Price', cell: (m) => formatTzs(m.price.total), numeric: true },
  { header: 'Message', cell: (m) => <span className="truncate">{m.body}</span> },
];

export function MessagesPage({ query }: PageProps) {
  const filters = readFilters(query);
  const pages = useKeysetPages(JSON.stringify(filters));
  const list = useQuery(trpc.messages.list.queryOptions(listInput(filters, pages.before)));
  return (
    <Page title="Messages">
      <MessageFilters filters={filters} />
      <section aria-labelledby="messages-results">
        <h2 id="messages-results" className="visually-hidden">
          Results
        </h2>
        <QueryState query={list} label="Loading messages">
          {(data) => (
            <>
              <DataTable caption="Messages, newest first" columns={COLUMNS} rows={data.messages} rowKey={(m) => m.id} empty="No message matches." />
              <Pager label="Pages of messages" pages={pages} next={data.next_before} />
            </>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
