// The campaign editor's pages: a new draft, and a saved draft changed (only a draft can be).
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { CampaignForm } from './campaign-form.tsx';
import '../styles/campaigns.css';

export function CampaignNewPage() {
  return (
    <Page title="New campaign" actions={<a href={href('/campaigns')}>Back to campaigns</a>}>
      <p className="lead">A draft costs nothing: once saved, get a quote of its audience and price, then launch it.</p>
      <CampaignForm />
    </Page>
  );
}

export function CampaignEditPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  // The form starts from the draft as read now; saving sends this version, so a change made meanwhile is refused.
  const campaign = useQuery({ ...trpc.campaigns.get.queryOptions({ id }), staleTime: 0, refetchOnWindowFocus: false });
  return (
    <Page title="Edit campaign" actions={<a href={href(`/campaigns/${id}`)}>Back to the campaign</a>}>
      <QueryState query={campaign} label="Loading the draft">
        {({ campaign: c }) =>
          c.status === 'draft' ? (
            <>
              <p className="lead">Saving a change drops the draft’s quote: quote it again before launching.</p>
              <CampaignForm key={c.version} campaign={c} />
            </>
          ) : (
            <p>
              This campaign is {humanize(c.status).toLowerCase()}: only a draft can be edited. <a href={href(`/campaigns/${id}`)}>See the campaign</a>
            </p>
          )
        }
      </QueryState>
    </Page>
  );
}
