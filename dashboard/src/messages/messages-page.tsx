// Messages, newest first: filters kept in the address (mode, status, traffic class, sender, created range), keyset pages.
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { messageListInput, useMessageFilters } from './message-filters.tsx';

type Message = Outputs['messages']['list']['messages'][number];

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
  const filters = useMessageFilters();
  return (
    <Page title="Messages">
      <FilteredList
        path="/messages"
        query={query}
        filters={filters}
        noun="messages"
        list={(values, before) => trpc.messages.list.queryOptions(messageListInput(values, before))}
        rows={(data) => data.messages}
        next={(data) => data.next_before}
        columns={COLUMNS}
        rowKey={(m) => m.id}
        caption="Messages, newest first"
        empty="No message matches."
      />
    </Page>
  );
}
