// A launched campaign's page body: the launch (start, validity, live progress), its money and delivery rate, what it
// sends, cancel, recipients, export.
import { useEffect, useRef } from 'react';
import { queryClient, trpc } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { formatCount } from '../format/locale.ts';
import { formatDateTime } from '../format/time.ts';
import { Stats } from '../ui/stats.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { CampaignProgress, useRecipientCounts } from './progress.tsx';
import { CampaignCancel } from './cancel.tsx';
import { CampaignRecipients } from './recipients.tsx';
import { CampaignExport } from './export.tsx';
import { CampaignSummary } from './draft.tsx';
import { CampaignMoney } from './money.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useCampaignWords } from './words.ts';

export function CampaignLaunched({ campaign: c, justLaunched }: { campaign: Campaign; justLaunched: boolean }) {
  const t = useCampaignWords();
  const counts = useRecipientCounts(c);
  // Each new count (every 2 s while sending, and while receipts may still come) refreshes the recipients shown.
  const counted = useRef(counts.dataUpdatedAt);
  useEffect(() => {
    if (counts.dataUpdatedAt === counted.current) return;
    counted.current = counts.dataUpdatedAt;
    void queryClient.invalidateQueries({ queryKey: trpc.campaigns.recipients.queryKey({ id: c.id }) });
  }, [counts.dataUpdatedAt, c.id]);
  const launch = c.launch;
  if (!launch) return null;
  const recipients = launch.recipients ?? 0;
  const held = { amount: formatTzs(launch.amount_held), recipients: t('quote.recipients', { count: recipients, formattedCount: formatCount(recipients) }) };
  return (
    <>
      {justLaunched && (
        <div className="alert alert-success" role="status">
          <p>{c.status === 'scheduled' ? t('launched.justScheduled', held) : t('launched.justLaunched', held)}</p>
        </div>
      )}
      <section className="card" aria-labelledby="launch-heading">
        <h2 id="launch-heading">
          {t('launched.progress')} <StatusBadge status={c.status} />
        </h2>
        <Stats
          items={[
            { label: t('launched.status'), value: t(`codes:${c.status}`) },
            { label: t('launched.recipients'), value: formatCount(recipients) },
            // Messages made for the operator, whatever became of them: a cancel's report counts the same messages.
            { label: t('launched.handedToSending'), value: formatCount(launch.handed_to_sending) },
            { label: launch.started_at ? t('launched.started') : t('launched.starts'), value: formatDateTime(launch.started_at ?? launch.starts_at) },
            { label: t('launched.sendsUntil'), value: formatDateTime(launch.expires_at) },
            ...(launch.finished_at ? [{ label: t('launched.finished'), value: formatDateTime(launch.finished_at) }] : []),
          ]}
        />
        <CampaignProgress campaign={c} counts={counts} />
        <p className="hint">
          {t('launched.about', { class: t(`codes:${c.traffic_class}`), sender: c.sender_id, time: formatDateTime(launch.launched_at) })}
          {c.traffic_class === 'promotional' && ` ${t('launched.promotionalNote')}`}
        </p>
      </section>
      <CampaignMoney launch={launch} />
      <section className="card" aria-labelledby="sent-text-heading">
        <h2 id="sent-text-heading">{t('launched.text')}</h2>
        <CampaignSummary campaign={c} schedule={false} />
      </section>
      <CampaignCancel campaign={c} />
      <CampaignRecipients campaignId={c.id} />
      <CampaignExport campaignId={c.id} />
    </>
  );
}
