// Campaigns, newest first: status, name, audience, what was charged and what is still held, start, created; keyset
// pages; a new campaign for those who may.
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatCount } from '../format/locale.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { useCampaignWords, type CampaignWords } from './words.ts';
import '../styles/campaigns.css';

type Campaign = Outputs['campaigns']['list']['campaigns'][number];

const PAGE_SIZE = 25;

/** Recipients once launched; before, the eligible numbers of the latest quote. */
function audience(c: Campaign, t: CampaignWords): string {
  if (c.launch?.recipients != null) return formatCount(c.launch.recipients);
  if (c.quote) return t('list.quoted', { eligible: formatCount(c.quote.audience.eligible) });
  return '—';
}

/**
 * Money from the campaign's ledger entries, never from its quote: a cancelled campaign may have been charged
 * nothing, a completed one less than quoted (shares refused are released).
 */
function money(c: Campaign, part: 'captured' | 'held'): string {
  return c.launch?.money ? formatTzs(c.launch.money[part]) : '—';
}

function columns(t: CampaignWords): readonly Column<Campaign>[] {
  return [
    { header: t('list.name'), cell: (c) => <a href={href(`/campaigns/${c.id}`)}>{c.name}</a> },
    { header: t('list.status'), cell: (c) => <StatusBadge status={c.status} /> },
    { header: t('list.class'), cell: (c) => t(`codes:${c.traffic_class}`) },
    { header: t('list.groups'), cell: (c) => formatCount(c.group_ids.length), numeric: true },
    { header: t('list.recipients'), cell: (c) => audience(c, t), numeric: true },
    { header: t('list.charged'), cell: (c) => money(c, 'captured'), numeric: true },
    { header: t('list.held'), cell: (c) => money(c, 'held'), numeric: true },
    {
      header: t('list.start'),
      cell: (c) => (c.launch ? formatDateTime(c.launch.started_at ?? c.launch.starts_at) : c.scheduled_at ? formatDateTime(c.scheduled_at) : t('whenLaunched')),
    },
    { header: t('list.created'), cell: (c) => formatDateTime(c.created_at) },
  ];
}

export function CampaignsPage({ query }: PageProps) {
  const t = useCampaignWords();
  const can = useCan();
  const actions = can('campaigns.write') ? (
    <a className="button" href={href('/campaigns/new')}>
      {t('list.newCampaign')}
    </a>
  ) : undefined;
  return (
    <Page title={t('title')} actions={actions}>
      <p className="lead">{t('list.lead')}</p>
      <FilteredList
        path="/campaigns"
        query={query}
        filters={[]}
        noun={t('list.noun')}
        list={(_, before) => trpc.campaigns.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
        rows={(data) => data.campaigns}
        next={(data) => data.next_before}
        columns={columns(t)}
        rowKey={(r) => r.id}
        caption={t('list.caption')}
        empty={t('list.empty')}
      />
    </Page>
  );
}
