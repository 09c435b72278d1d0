// One campaign: a draft with its quote and launch, or a launched campaign followed live (campaigns.get every 2 s
// while it sends or cancels); any of them copied as a new draft.
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { CampaignDraft, CampaignSummary } from './draft.tsx';
import { CampaignLaunched } from './launched.tsx';
import { CopiedNotice, CopyCampaign } from './copy.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useCampaignWords } from './words.ts';
import '../styles/campaigns.css';

function pollEvery(status: Campaign['status'] | undefined): number | false {
  if (status === 'sending' || status === 'cancelling') return 2000;
  // A scheduled campaign is looked at now and then, so that its start shows without a reload.
  if (status === 'scheduled') return 15_000;
  return false;
}

export function CampaignPage({ params, query }: PageProps) {
  const t = useCampaignWords();
  const id = params['id'] ?? '';
  const campaign = useQuery({ ...trpc.campaigns.get.queryOptions({ id }), refetchInterval: (q) => pollEvery(q.state.data?.campaign.status) });
  const actions = (
    <>
      {campaign.data && <CopyCampaign key={id} campaignId={id} />}
      <a href={href('/campaigns')}>{t('backToCampaigns')}</a>
    </>
  );
  return (
    <Page title={campaign.data?.campaign.name ?? t('campaign')} actions={actions}>
      {query.get('copied') === '1' && <CopiedNotice leftOut={Number(query.get('left_out') ?? 0)} />}
      <QueryState query={campaign} label={t('loadingCampaign')}>
        {({ campaign: c }) =>
          c.status === 'draft' ? (
            <CampaignDraft campaign={c} />
          ) : c.status === 'discarded' ? (
            <Discarded campaign={c} />
          ) : (
            <CampaignLaunched campaign={c} justLaunched={query.get('launched') === '1'} />
          )
        }
      </QueryState>
    </Page>
  );
}

function Discarded({ campaign }: { campaign: Campaign }) {
  const t = useCampaignWords();
  return (
    <section className="card" aria-labelledby="discarded-heading">
      <h2 id="discarded-heading">
        {t('draft.discarded')} <StatusBadge status="discarded" />
      </h2>
      <p>{t('draft.discardedText', { time: formatDateTime(campaign.updated_at) })}</p>
      <CampaignSummary campaign={campaign} />
    </section>
  );
}
