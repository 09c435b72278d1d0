// An endpoint's deliveries, newest first (status, event, attempts, next attempt), the attempts of the one chosen,
// and redelivery by hand. Deliveries on their way are asked for again every few seconds.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { formatCount } from '../format/locale.ts';
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

/** A delivery's statuses (the table's check); the answer types it as text. */
const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
const isDeliveryStatus = (s: string): s is (typeof DELIVERY_STATUSES)[number] => (DELIVERY_STATUSES as readonly string[]).includes(s);

const lastAnswer = (d: Delivery) => (d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—'));

export function EndpointDeliveries({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation(['developers', 'codes']);
  const can = useCan();
  const pages = useKeysetPages(endpointId);
  const [chosen, setChosen] = useState<string | null>(null);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ endpoint_id: endpointId, limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}) }),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? FOLLOW_MS : false),
  });
  const redeliver = useAction(trpc.webhooks.redeliver.mutationOptions(), { invalidates: [trpc.webhooks.pathKey()] });

  const columns: Column<Delivery>[] = [
    { header: t('deliveries.columns.created'), cell: (d) => formatDateTime(d.created_at) },
    { header: t('deliveries.columns.event'), cell: (d) => <code className="admin-code">{d.event_type}</code> },
    { header: t('deliveries.columns.status'), cell: (d) => <StateBadge state={d.status} text={isDeliveryStatus(d.status) ? t(`codes:${d.status}`) : d.status} /> },
    { header: t('deliveries.columns.attempts'), cell: (d) => formatCount(d.attempts), numeric: true },
    { header: t('deliveries.columns.next'), cell: (d) => formatDateTime(d.next_attempt_at) },
    { header: t('deliveries.columns.last'), cell: lastAnswer },
    {
      header: t('deliveries.columns.actions'),
      cell: (d) => (
        <div className="admin-row-actions">
          <button type="button" className="button button-secondary" aria-expanded={chosen === d.id} aria-controls="delivery-attempts" onClick={() => setChosen(chosen === d.id ? null : d.id)}>
            {chosen === d.id ? t('deliveries.hideAttempts') : t('deliveries.attempts')}
          </button>
          {can('webhooks.write') && (
            <button type="button" className="button button-secondary" disabled={redeliver.isPending} onClick={() => redeliver.run({ id: d.id })}>
              {t('deliveries.redeliver')}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <QueryState query={deliveries} label={t('deliveries.loading')}>
      {(data) => {
        const selected = data.deliveries.find((d) => d.id === chosen);
        return (
          <>
            {redeliver.error && <ErrorAlert error={redeliver.error} title={t('deliveries.notQueued')} />}
            {redeliver.isSuccess && (
              <p className="alert alert-success" role="status">
                {t('deliveries.queued')}
              </p>
            )}
            <DataTable caption={t('deliveries.caption')} columns={columns} rows={data.deliveries} rowKey={(d) => d.id} empty={t('deliveries.empty')} />
            <Pager label={t('deliveries.pages')} pages={pages} next={data.next_before} />
            <div id="delivery-attempts">{selected && <DeliveryAttempts delivery={selected} />}</div>
          </>
        );
      }}
    </QueryState>
  );
}

function DeliveryAttempts({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('developers');
  const columns: readonly Column<Attempt>[] = [
    { header: t('deliveries.attemptColumns.number'), cell: (a) => a.number, numeric: true },
    { header: t('deliveries.attemptColumns.started'), cell: (a) => formatDateTime(a.started_at) },
    { header: t('deliveries.attemptColumns.status'), cell: (a) => a.status_code ?? '—', numeric: true },
    { header: t('deliveries.attemptColumns.took'), cell: (a) => (a.duration_ms === null ? '—' : t('deliveries.ms', { ms: formatCount(Math.round(a.duration_ms)) })), numeric: true },
    { header: t('deliveries.attemptColumns.error'), cell: (a) => a.error ?? '—' },
    { header: t('deliveries.attemptColumns.answer'), cell: (a) => (a.response_body ? <span className="truncate">{a.response_body}</span> : '—') },
  ];
  const attempts = useQuery(trpc.webhooks.attempts.queryOptions({ id: delivery.id }));
  // The list says how many attempts there are: a new one (a retry, a redelivery) is fetched when it appears.
  const { refetch } = attempts;
  useEffect(() => void refetch(), [delivery.attempts, refetch]);
  return (
    <section className="card" aria-labelledby="attempts-heading">
      <h3 id="attempts-heading">
        {t('deliveries.attemptsOf', { event: delivery.event_type, at: formatDateTime(delivery.created_at) })}
      </h3>
      <QueryState query={attempts} label={t('deliveries.loadingAttempts')}>
        {(data) => <DataTable caption={t('deliveries.attemptsCaption')} columns={columns} rows={data.attempts} rowKey={(a) => String(a.number)} empty={t('deliveries.notAttempted')} />}
      </QueryState>
    </section>
  );
}
