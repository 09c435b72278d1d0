// "Copy as new draft" (campaigns.copy, once per idempotency key) from any campaign's page, opening the new draft;
// the draft's page then says it is a copy and which groups of the original were left out (deleted since).
import { queryClient, trpc } from '../trpc.ts';
import { navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useAction } from '../ui/use-action.ts';
import { useCampaignWords } from './words.ts';

export function CopyCampaign({ campaignId }: { campaignId: string }) {
  const t = useCampaignWords();
  const can = useCan();
  const copy = useAction(trpc.campaigns.copy.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.campaigns.list.queryKey()],
    onSuccess: (answer) => {
      queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: answer.campaign.id }), { campaign: answer.campaign });
      navigate(`/campaigns/${answer.campaign.id}`, { copied: '1', left_out: String(answer.left_out_group_ids.length) });
    },
  });
  if (!can('campaigns.write')) return null;
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => copy.run({ id: campaignId })} disabled={copy.isPending}>
        {copy.isPending ? t('copy.copying') : t('copy.action')}
      </button>
      {copy.error !== null && <ErrorAlert error={copy.error} />}
    </>
  );
}

/** Said on the new draft's page right after a copy. */
export function CopiedNotice({ leftOut }: { leftOut: number }) {
  const t = useCampaignWords();
  return (
    <div className="alert alert-success" role="status">
      <p>{t('copy.copied')}</p>
      {leftOut > 0 && <p>{t('copy.leftOut', { count: leftOut })}</p>}
    </div>
  );
}
