// One message: its status, price and timeline, with the attempts to hand it to the SMS route and the receipts.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { formatEncoding, humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';

type Detail = Outputs['messages']['get'];
type Attempt = NonNullable<Detail['attempts']>[number];
type Receipt = NonNullable<Detail['receipts']>[number];

const ATTEMPTS: readonly Column<Attempt>[] = [
  { header: 'Attempt', cell: (a) => a.number, numeric: true },
  { header: 'State', cell: (a) => humanize(a.state) },
  { header: 'Started', cell: (a) => formatDateTime(a.started_at) },
  { header: 'Finished', cell: (a) => formatDateTime(a.finished_at) },
  { header: 'Detail', cell: (a) => a.detail ?? '—' },
];

const RECEIPTS: readonly Column<Receipt>[] = [
  { header: 'Received', cell: (r) => formatDateTime(r.received_at) },
  { header: 'Delivery', cell: (r) => <StatusBadge status={r.delivery} /> },
  { header: 'Operator status', cell: (r) => r.raw_status },
  { header: 'Effect', cell: (r) => humanize(r.effect) },
  { header: 'Reason', cell: (r) => r.failure_reason ?? '—' },
];

/** Messages on their way are asked for again every few seconds, so the page follows their delivery. */
const FINAL = new Set(['delivered', 'undelivered', 'failed', 'cancelled', 'expired']);

export function MessageDetailPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  const message = useQuery({
    ...trpc.messages.get.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.status) ? false : 3000),
  });
  return (
    <Page title="Message" actions={<a href={href('/messages')}>Back to messages</a>}>
      <QueryState query={message} label="Loading the message">
        {(m) => <MessageView message={m} />}
      </QueryState>
    </Page>
  );
}

function MessageView({ message: m }: { message: Detail }) {
  return (
    <>
      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading">
          To {m.to} <StatusBadge status={m.status} />
        </h2>
        {m.failure_reason && <p className="note note-danger">{m.failure_reason}</p>}
        <Stats
          items={[
            { label: 'Status', value: humanize(m.status) },
            { label: 'From', value: m.from },
            { label: 'Traffic class', value: humanize(m.traffic_class) },
            { label: 'Mode', value: m.test ? 'Test' : 'Live' },
            { label: 'Encoding', value: `${formatEncoding(m.encoding)}, ${m.segments} ${m.segments === 1 ? 'segment' : 'segments'}` },
            { label: 'Price', value: `${formatTzs(m.price.total)} (${m.price.charged ? 'charged' : 'not charged'})` },
            { label: 'Your reference', value: m.client_ref },
          ]}
        />
        <h3>Message</h3>
        <p className="message-body">{m.body}</p>
        <h3>Times</h3>
        <Stats
          items={[
            { label: 'Created', value: formatDateTime(m.created_at) },
            ...(m.held_until ? [{ label: 'Held until', value: formatDateTime(m.held_until) }] : []),
            { label: 'Final', value: formatDateTime(m.final_at) },
            { label: 'Expires', value: formatDateTime(m.expires_at) },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">Attempts</h2>
        <DataTable caption="Attempts to hand the message to the SMS route" columns={ATTEMPTS} rows={m.attempts ?? []} rowKey={(a) => String(a.number)} empty="Not handed to the SMS route yet." />
      </section>
      <section className="card" aria-labelledby="receipts-heading">
        <h2 id="receipts-heading">Delivery receipts</h2>
        <DataTable
          caption="Delivery receipts from the operator"
          columns={RECEIPTS}
          rows={m.receipts ?? []}
          rowKey={(_r, i) => String(i)}
          empty="No receipt yet."
        />
      </section>
    </>
  );
}
