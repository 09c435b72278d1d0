// The campaign editor's pages: a new draft, and a saved draft changed (only a draft can be).
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { CampaignForm } from './campaign-form.tsx';
import { useCampaignWords } from './words.ts';
import '../styles/campaigns.css';

export function CampaignNewPage() {
  const t = useCampaignWords();
  return (
    <Page title={t('list.newCampaign')} actions={<a href={href('/campaigns')}>{t('backToCampaigns')}</a>}>
      <p className="lead">{t('editor.newLead')}</p>
      <CampaignForm />
    </Page>
  );
}

export function CampaignEditPage({ params }: PageProps) {
  const t = useCampaignWords();
  const id = params['id'] ?? '';
  // The form starts from the draft as read now; saving sends this version, so a change made meanwhile is refused.
  const campaign = useQuery({ ...trpc.campaigns.get.queryOptions({ id }), staleTime: 0, refetchOnWindowFocus: false });
  return (
    <Page title={t('editor.editTitle')} actions={<a href={href(`/campaigns/${id}`)}>{t('backToCampaign')}</a>}>
      <QueryState query={campaign} label={t('editor.loadingDraft')}>
        {({ campaign: c }) =>
          c.status === 'draft' ? (
            <>
              <p className="lead">{t('editor.editLead')}</p>
              <CampaignForm key={c.version} campaign={c} />
            </>
          ) : (
            <p>
              {t('editor.notADraft', { status: t(`codes:${c.status}`) })} <a href={href(`/campaigns/${id}`)}>{t('editor.seeCampaign')}</a>
            </p>
          )
        }
      </QueryState>
    </Page>
  );
}
