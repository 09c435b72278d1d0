// Messages, newest first: filters kept in the address (recipient, mode, status, traffic class, sender, created
// range), keyset pages, and the messages of a range of days as a CSV file.
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { formatCount } from '../format/locale.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, readFilterValues } from '../ui/filtered-list.tsx';
import { MessagePrice, MessageStatusBadge, TestMark } from './message-badges.tsx';
import { messageListInput, useMessageFilters } from './message-filters.tsx';
import { MessageExport } from './message-export.tsx';
import type { TrafficClass } from '../../../core/domain/pricing.ts';

type Message = Outputs['messages']['list']['messages'][number];

export function MessagesPage({ query }: PageProps) {
  const { t } = useTranslation(['messages', 'codes']);
  const filters = useMessageFilters();
  const values = readFilterValues(filters, query);
  const columns: readonly Column<Message>[] = [
    { header: t('list.columns.created'), cell: (m) => <a href={href(`/messages/${m.id}`)}>{formatDateTime(m.created_at)}</a> },
    { header: t('list.columns.to'), cell: (m) => <span className="nowrap">{m.to}</span> },
    { header: t('list.columns.from'), cell: (m) => m.from },
    { header: t('list.columns.class'), cell: (m) => t(`codes:${m.traffic_class as TrafficClass}`) },
    {
      header: t('list.columns.status'),
      cell: (m) => (
        <>
          <MessageStatusBadge status={m.status} />
          {m.test && <> <TestMark /></>}
        </>
      ),
    },
    { header: t('list.columns.segments'), cell: (m) => formatCount(m.segments), numeric: true },
    { header: t('list.columns.price'), cell: (m) => <MessagePrice total={m.price.total} test={m.test} />, numeric: true },
    { header: t('list.columns.body'), cell: (m) => <span className="truncate">{m.body}</span> },
  ];
  return (
    <Page title={t('title')}>
      <FilteredList
        path="/messages"
        query={query}
        filters={filters}
        noun={t('list.noun')}
        list={(v, before) => trpc.messages.list.queryOptions(messageListInput(v, before))}
        rows={(data) => data.messages}
        next={(data) => data.next_before}
        columns={columns}
        rowKey={(m) => m.id}
        caption={t('list.caption')}
        empty={t('list.empty')}
      />
      <MessageExport listValues={values} />
    </Page>
  );
}
