// Campaigns, newest first: status, name, audience and money, created; keyset pages; a new campaign for those who may.
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
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

export function CampaignsPage({ query }: PageProps) {
  const can = useCan();
  const actions = can('campaigns.write') ? (
    <a className="button" href={href('/campaigns/new')}>
      New campaign
    </a>
  ) : undefined;
  return (
    <Page title="Campaigns" actions={actions}>
      <p className="lead">One message to the contacts of chosen groups: draft it, get a quote, then launch it now or at a set time.</p>
      <FilteredList
        path="/campaigns"
        query={query}
        filters={[]}
        noun="campaigns"
        list={(_, before) => trpc.campaigns.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
        rows={(data) => data.campaigns}
        next={(data) => data.next_before}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        caption="Campaigns, newest first"
        empty="No campaign yet."
      />
    </Page>
  );
}
