// Sender IDs: each one's approval by the service for each traffic class, and by the SMS route; a form to ask for one.
import { useQuery } from '@tanstack/react-query';
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
  if (s.approval.traffic_classes.includes(trafficClass)) return <StateBadge state="approved" />;
  if (!s.approval.requested_traffic_classes.includes(trafficClass)) return <span className="hint">Not requested</span>;
  return <StateBadge state={s.approval.status === 'rejected' ? 'rejected' : 'requested'} text={s.approval.status === 'rejected' ? 'Rejected' : 'Waiting for review'} />;
}

function RouteApproval({ sender: s }: { sender: SenderId }) {
  if (s.provider_approval.status === 'approved') {
    return <StateBadge state="approved" text={s.provider_approval.approved_at ? `Approved ${formatDate(s.provider_approval.approved_at)}` : 'Approved'} />;
  }
  return <StateBadge state="pending" text="Waiting for the route" />;
}

const COLUMNS: readonly Column<SenderId>[] = [
  { header: 'Sender ID', cell: (s) => <strong>{s.name}</strong> },
  { header: 'Transactional (service)', cell: (s) => <ServiceApproval sender={s} trafficClass="transactional" /> },
  { header: 'Promotional (service)', cell: (s) => <ServiceApproval sender={s} trafficClass="promotional" /> },
  { header: 'SMS route', cell: (s) => <RouteApproval sender={s} /> },
  { header: 'Requested', cell: (s) => formatDateTime(s.created_at) },
];

export function SenderIdsPage() {
  const can = useCan();
  const senders = useQuery(trpc.senderIds.list.queryOptions());
  return (
    <Page title="Sender IDs">
      <p className="lead">A message shows its sender ID as the sender. Live messages leave only under one the service approved for their traffic class and the SMS route approved too.</p>
      <section aria-labelledby="senders-heading">
        <h2 id="senders-heading">Your sender IDs</h2>
        <QueryState query={senders} label="Loading the sender IDs">
          {(data) => <DataTable caption="Sender IDs and their approvals" columns={COLUMNS} rows={data.sender_ids} rowKey={(s) => s.id} empty="No sender ID yet." />}
        </QueryState>
      </section>
      {can('sender_ids.request') && (
        <section className="card" aria-labelledby="request-sender-heading">
          <h2 id="request-sender-heading">Request a sender ID</h2>
          <SenderIdForm />
        </section>
      )}
    </Page>
  );
}
