// A launched campaign's progress: its recipients counted by status, and how many have reached a final one.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { trpcClient } from '../trpc.ts';
import { StatusBadge } from '../ui/status-badge.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { RECIPIENT_STATUSES, groupOf, isRecipientStatus, type RecipientStatus } from './recipient-statuses.tsx';
import type { Campaign } from './campaign-form.tsx';
import { formatCount } from '../format/locale.ts';
import { useCampaignWords } from './words.ts';

export interface RecipientCounts {
  counts: Record<RecipientStatus, number>;
}

/** The campaign's recipients counted by status on the server (campaigns.progress), whatever the campaign's size. */
async function countRecipients(id: string): Promise<RecipientCounts> {
  const progress = await trpcClient.campaigns.progress.query({ id });
  const counts = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<RecipientStatus, number>;
  for (const [status, n] of Object.entries(progress.counts)) if (isRecipientStatus(status)) counts[status] = n;
  return { counts };
}

const onTheirWay = (c: RecipientCounts | undefined) => (c ? RECIPIENT_STATUSES.some((s) => groupOf(s) === 'on_its_way' && c.counts[s] > 0) : false);

/**
 * Counted every 2 s while the campaign sends or cancels; after it has finished, every 5 s while receipts may still
 * come for messages on their way.
 */
export function useRecipientCounts(campaign: Campaign) {
  const active = campaign.status === 'sending' || campaign.status === 'cancelling';
  return useQuery({
    // The status and the fed count are in the key, so each move of the campaign counts again at once.
    queryKey: ['campaigns', 'recipientCounts', campaign.id, campaign.status, campaign.launch?.fed ?? 0],
    queryFn: () => countRecipients(campaign.id),
    refetchInterval: (q) => (active ? 2000 : onTheirWay(q.state.data) ? 5000 : false),
    placeholderData: (previous) => previous,
  });
}

export function CampaignProgress({ campaign, counts }: { campaign: Campaign; counts: UseQueryResult<RecipientCounts> }) {
  const t = useCampaignWords();
  const total = campaign.launch?.recipients ?? 0;
  const handed = campaign.launch?.handed_to_sending ?? 0;
  return (
    <QueryState query={counts} label={t('progress.counting')}>
      {(c) => {
        const finished = RECIPIENT_STATUSES.filter((s) => groupOf(s) === 'final').reduce((sum, s) => sum + c.counts[s], 0);
        return (
          <div className="campaign-progress">
            <label htmlFor="campaign-progress-bar" className="progress-label">
              {t('progress.finished', { finished: formatCount(finished), total: formatCount(total), handed: formatCount(handed) })}
            </label>
            <progress id="campaign-progress-bar" className="progress-bar" max={Math.max(total, 1)} value={finished} />
            <ul className="status-counts" aria-label={t('progress.byStatus')}>
              {RECIPIENT_STATUSES.map((s) => (
                <li key={s} data-status={s}>
                  <StatusBadge status={s} /> <span className="count">{formatCount(c.counts[s])}</span>
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}
