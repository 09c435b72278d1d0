// Sender IDs: each one's approval by the service for each traffic class, and by the SMS route; a form to ask for one.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatDate, formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { SenderIdForm } from './sender-id-form.tsx';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';
import '../styles/admin.css';

type SenderId = Outputs['senderIds']['list']['sender_ids'][number];
type TrafficClass = (typeof TRAFFIC_CLASSES)[number];

/** The service's word on one traffic class: approved for it, asked for and waiting, refused, or never asked for. */
function ServiceApproval({ sender: s, trafficClass }: { sender: SenderId; trafficClass: TrafficClass }) {
  const { t } = useTranslation(['developers', 'codes']);
  if (s.approval.traffic_classes.includes(trafficClass)) return <StateBadge state="approved" text={t('codes:approved')} />;
  if (!s.approval.requested_traffic_classes.includes(trafficClass)) return <span className="hint">{t('senders.notRequested')}</span>;
  return <StateBadge state={s.approval.status === 'rejected' ? 'rejected' : 'requested'} text={s.approval.status === 'rejected' ? t('codes:rejected') : t('senders.waitingReview')} />;
}

function RouteApproval({ sender: s }: { sender: SenderId }) {
  const { t } = useTranslation(['developers', 'codes']);
  if (s.provider_approval.status === 'approved') {
    return <StateBadge state="approved" text={s.provider_approval.approved_at ? t('senders.approvedOn', { date: formatDate(s.provider_approval.approved_at) }) : t('codes:approved')} />;
  }
  return <StateBadge state="pending" text={t('senders.waitingRoute')} />;
}

export function SenderIdsPage() {
  const { t } = useTranslation('developers');
  const can = useCan();
  const senders = useQuery(trpc.senderIds.list.queryOptions());
  const columns: readonly Column<SenderId>[] = [
  { header: t('senders.columns.name'), cell: (s) => <strong>{s.name}</strong> },
  { header: t('senders.columns.transactional'), cell: (s) => <ServiceApproval sender={s} trafficClass="transactional" /> },
  { header: t('senders.columns.promotional'), cell: (s) => <ServiceApproval sender={s} trafficClass="promotional" /> },
  { header: t('senders.columns.route'), cell: (s) => <RouteApproval sender={s} /> },
  { header: t('senders.columns.requested'), cell: (s) => formatDateTime(s.created_at) },
  ];
  return (
    <Page title={t('senders.title')}>
      <p className="lead">{t('senders.lead')}</p>
      <section aria-labelledby="senders-heading">
        <h2 id="senders-heading">{t('senders.yours')}</h2>
        <QueryState query={senders} label={t('senders.loading')}>
          {(data) => <DataTable caption={t('senders.caption')} columns={columns} rows={data.sender_ids} rowKey={(s) => s.id} empty={t('senders.empty')} />}
        </QueryState>
      </section>
      {can('sender_ids.request') && (
        <section className="card" aria-labelledby="request-sender-heading">
          <h2 id="request-sender-heading">{t('senderForm.heading')}</h2>
          <SenderIdForm />
        </section>
      )}
    </Page>
  );
}
