// Campaigns, newest first: status, name, audience and money, created; keyset pages; a new campaign for those who may.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import '../styles/campaigns.css';

type Campaign = Outputs['campaigns']['list']['campaigns'][number];

const PAGE_SIZE = 25;

/** Recipients once launched; before, the eligible numbers of the latest quote. */
function audience(c: Campaign): string {
  if (c.launch?.recipients != null) return c.launch.recipients.toLocaleString('en-US');
  if (c.quote) return `${c.quote.audience.eligible.toLocaleString('en-US')} (quoted)`;
  return '—';
}

/** The money held at launch; before, the latest quote's total. */
function amount(c: Campaign): string {
  if (c.launch) return formatTzs(c.launch.amount_held);
  if (c.quote) return `${formatTzs(c.quote.total)} (quoted)`;
  return '—';
}

const COLUMNS: readonly Column<Campaign>[] = [
  { header: 'Name', cell: (c) => <a href={href(`/campaigns/${c.id}`)}>{c.name}</a> },
  { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
  { header: 'Class', cell: (c) => humanize(c.traffic_class) },
  { header: 'Groups', cell: (c) => c.group_ids.length, numeric: true },
  { header: 'Recipients', cell: audience, numeric: true },
  { header: 'Amount', cell: amount, numeric: true },
  { header: 'Start', cell: (c) => (c.launch ? formatDateTime(c.launch.started_at ?? c.launch.starts_at) : c.scheduled_at ? formatDateTime(c.scheduled_at) : 'When launched') },
  { header: 'Created', cell: (c) => formatDateTime(c.created_at) },
];

export function CampaignsPage() {
  const can = useCan();
  const pages = useKeysetPages('');
  const list = useQuery(trpc.campaigns.list.queryOptions({ limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}) }));
  const actions = can('campaigns.write') ? (
    <a className="button" href={href('/campaigns/new')}>
      New campaign
    </a>
  ) : undefined;
  return (
    <Page title="Campaigns" actions={actions}>
      <p className="lead">One message to the contacts of chosen groups: draft it, get a quote, then launch it now or at a set time.</p>
      <QueryState query={list} label="Loading campaigns">
        {(data) => (
          <>
            <DataTable caption="Campaigns, newest first" columns={COLUMNS} rows={data.campaigns} rowKey={(c) => c.id} empty="No campaign yet." />
            <Pager label="Pages of campaigns" pages={pages} next={data.next_before} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
