// A launched campaign's page body: the launch (money held, start, validity), live progress, cancel, recipients, export.
import { useEffect, useRef } from 'react';
import { queryClient, trpc } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize, plural } from '../format/text.ts';
import { Stats } from '../ui/stats.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { CampaignProgress, useRecipientCounts } from './progress.tsx';
import { CampaignCancel } from './cancel.tsx';
import { CampaignRecipients } from './recipients.tsx';
import { CampaignExport } from './export.tsx';
import type { Campaign } from './campaign-form.tsx';

export function CampaignLaunched({ campaign: c, justLaunched }: { campaign: Campaign; justLaunched: boolean }) {
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
  return (
    <>
      {justLaunched && (
        <div className="alert alert-success" role="status">
          <p>
            {c.status === 'scheduled' ? 'Scheduled' : 'Launched'}. {formatTzs(launch.amount_held)} is held from the wallet for{' '}
            {plural(launch.recipients ?? 0, 'recipient')}: each share is charged once the operator accepts its message, and released otherwise.
          </p>
        </div>
      )}
      <section className="card" aria-labelledby="launch-heading">
        <h2 id="launch-heading">
          Progress <StatusBadge status={c.status} />
        </h2>
        <Stats
          items={[
            { label: 'Status', value: humanize(c.status) },
            { label: 'Recipients', value: (launch.recipients ?? 0).toLocaleString('en-US') },
            { label: 'Handed to sending', value: launch.handed_to_sending.toLocaleString('en-US') },
            { label: 'Held at launch', value: formatTzs(launch.amount_held) },
            { label: launch.started_at ? 'Started' : 'Starts', value: formatDateTime(launch.started_at ?? launch.starts_at) },
            { label: 'Sends until', value: formatDateTime(launch.expires_at) },
            ...(launch.finished_at ? [{ label: 'Finished', value: formatDateTime(launch.finished_at) }] : []),
          ]}
        />
        <CampaignProgress campaign={c} counts={counts} />
        <p className="hint">
          {humanize(c.traffic_class)} from {c.sender_id}, launched {formatDateTime(launch.launched_at)}.
          {c.traffic_class === 'promotional' && ' Promotional messages go out only while the sending window is open.'}
        </p>
      </section>
      <CampaignCancel campaign={c} />
      <CampaignRecipients campaignId={c.id} />
      <CampaignExport campaignId={c.id} />
    </>
  );
}
