// A launched campaign's progress: its recipients counted by status, and how many have reached a final one.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { trpcClient } from '../trpc.ts';
import { StatusBadge } from './status-badge.tsx';
import { QueryState } from './query-state.tsx';
import { RECIPIENT_STATUSES, groupOf, isRecipientStatus, type RecipientStatus } from './campaign-recipient-statuses.tsx';
import type { Campaign } from './campaign-form.tsx';

/** Recipients read a page at a time to count them; a larger campaign shows its progress by the fed count alone. */
const COUNT_PAGE = 200;
const MAX_COUNTED = 1000;

export interface RecipientCounts {
  counts: Record<RecipientStatus, number>;
  /** Every recipient was counted (the campaign has at most MAX_COUNTED). */
  complete: boolean;
}

/** Walks the recipients in audience order (campaigns.recipients) and counts them by status. */
async function countRecipients(id: string): Promise<RecipientCounts> {
  const counts = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<RecipientStatus, number>;
  let after: number | undefined;
  for (let read = 0; read < MAX_COUNTED; read += COUNT_PAGE) {
    const page = await trpcClient.campaigns.recipients.query({ id, limit: COUNT_PAGE, ...(after === undefined ? {} : { after }) });
    for (const r of page.recipients) if (isRecipientStatus(r.status)) counts[r.status] += 1;
    if (page.next_after === null) return { counts, complete: true };
    after = page.next_after;
  }
  return { counts, complete: false };
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
  const total = campaign.launch?.recipients ?? 0;
  const fed = campaign.launch?.fed ?? 0;
  return (
    <QueryState query={counts} label="Counting the recipients">
      {(c) => {
        const finished = RECIPIENT_STATUSES.filter((s) => groupOf(s) === 'final').reduce((sum, s) => sum + c.counts[s], 0);
        const done = c.complete ? finished : fed;
        return (
          <div className="campaign-progress">
            <label htmlFor="campaign-progress-bar" className="progress-label">
              {c.complete
                ? `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} recipients finished`
                : `${fed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} recipients handed to sending`}
            </label>
            <progress id="campaign-progress-bar" className="progress-bar" max={Math.max(total, 1)} value={done} />
            {c.complete ? (
              <ul className="status-counts" aria-label="Recipients by status">
                {RECIPIENT_STATUSES.map((s) => (
                  <li key={s} data-status={s}>
                    <StatusBadge status={s} /> <span className="count">{c.counts[s].toLocaleString('en-US')}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="hint">
                Counts by status are shown for campaigns of up to {MAX_COUNTED.toLocaleString('en-US')} recipients; filter the recipients below to follow
                this one.
              </p>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
