// An endpoint's deliveries, newest first (status, event, attempts, next attempt), the attempts of the one chosen,
// and redelivery by hand. Deliveries on their way are asked for again every few seconds.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { useAction } from '../ui/use-action.ts';

type Delivery = Outputs['webhooks']['deliveries']['deliveries'][number];
type Attempt = Outputs['webhooks']['attempts']['attempts'][number];

const PAGE_SIZE = 25;
const FOLLOW_MS = 3000;

const lastAnswer = (d: Delivery) => (d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—'));

export function EndpointDeliveries({ endpointId }: { endpointId: string }) {
  const can = useCan();
  const pages = useKeysetPages(endpointId);
  const [chosen, setChosen] = useState<string | null>(null);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ endpoint_id: endpointId, limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}) }),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? FOLLOW_MS : false),
  });
  const redeliver = useAction(trpc.webhooks.redeliver.mutationOptions(), { invalidates: [trpc.webhooks.pathKey()] });

  const columns: Column<Delivery>[] = [
    { header: 'Created', cell: (d) => formatDateTime(d.created_at) },
    { header: 'Event', cell: (d) => <code className="admin-code">{d.event_type}</code> },
    { header: 'Status', cell: (d) => <StateBadge state={d.status} /> },
    { header: 'Attempts', cell: (d) => d.attempts, numeric: true },
    { header: 'Next attempt', cell: (d) => formatDateTime(d.next_attempt_at) },
    { header: 'Last answer', cell: lastAnswer },
    {
      header: 'Actions',
      cell: (d) => (
        <div className="admin-row-actions">
          <button type="button" className="button button-secondary" aria-expanded={chosen === d.id} aria-controls="delivery-attempts" onClick={() => setChosen(chosen === d.id ? null : d.id)}>
            {chosen === d.id ? 'Hide attempts' : 'Attempts'}
          </button>
          {can('webhooks.write') && (
            <button type="button" className="button button-secondary" disabled={redeliver.isPending} onClick={() => redeliver.run({ id: d.id })}>
              Redeliver
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <QueryState query={deliveries} label="Loading the deliveries">
      {(data) => {
        const selected = data.deliveries.find((d) => d.id === chosen);
        return (
          <>
            {redeliver.error && <ErrorAlert error={redeliver.error} title="The delivery was not queued again." />}
            {redeliver.isSuccess && (
              <p className="alert alert-success" role="status">
                Queued: the delivery is sent again now, with the same webhook-id.
              </p>
            )}
            <DataTable caption="Deliveries to this endpoint, newest first" columns={columns} rows={data.deliveries} rowKey={(d) => d.id} empty="No delivery yet." />
            <Pager label="Pages of deliveries" pages={pages} next={data.next_before} />
            <div id="delivery-attempts">{selected && <DeliveryAttempts delivery={selected} />}</div>
          </>
        );
      }}
    </QueryState>
  );
}

const ATTEMPTS: readonly Column<Attempt>[] = [
  { header: 'Attempt', cell: (a) => a.number, numeric: true },
  { header: 'Started', cell: (a) => formatDateTime(a.started_at) },
  { header: 'Status code', cell: (a) => a.status_code ?? '—', numeric: true },
  { header: 'Took', cell: (a) => (a.duration_ms === null ? '—' : `${Math.round(a.duration_ms)} ms`), numeric: true },
  { header: 'Error', cell: (a) => a.error ?? '—' },
  { header: 'Answer', cell: (a) => (a.response_body ? <span className="truncate">{a.response_body}</span> : '—') },
];

function DeliveryAttempts({ delivery }: { delivery: Delivery }) {
  const attempts = useQuery(trpc.webhooks.attempts.queryOptions({ id: delivery.id }));
  // The list says how many attempts there are: a new one (a retry, a redelivery) is fetched when it appears.
  const { refetch } = attempts;
  useEffect(() => void refetch(), [delivery.attempts, refetch]);
  return (
    <section className="card" aria-labelledby="attempts-heading">
      <h3 id="attempts-heading">
        Attempts of the {delivery.event_type} delivery of {formatDateTime(delivery.created_at)}
      </h3>
      <QueryState query={attempts} label="Loading the attempts">
        {(data) => <DataTable caption="Attempts of the delivery" columns={ATTEMPTS} rows={data.attempts} rowKey={(a) => String(a.number)} empty="Not attempted yet." />}
      </QueryState>
    </section>
  );
}
