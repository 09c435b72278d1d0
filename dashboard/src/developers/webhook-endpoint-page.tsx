// One webhook endpoint: its settings (changed here), a new signing secret (shown once), deletion, and its deliveries
// with their attempts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { EndpointEditForm } from './endpoint-forms.tsx';
import { EndpointDeliveries } from './deliveries.tsx';
import { EndpointState, EventTypes } from './endpoint-state.tsx';
import { useAction } from '../ui/use-action.ts';
import '../styles/admin.css';

type Endpoint = Outputs['webhooks']['getEndpoint']['endpoint'];
type Rotated = Outputs['webhooks']['rotateSecret'];

export function WebhookEndpointPage({ params }: PageProps) {
  const { t } = useTranslation('developers');
  const id = params['id'] ?? '';
  const can = useCan();
  const endpoint = useQuery(trpc.webhooks.getEndpoint.queryOptions({ id }));
  return (
    <Page title={t('endpoint.title')} actions={<a href={href('/webhooks')}>{t('endpoint.back')}</a>}>
      <QueryState query={endpoint} label={t('endpoint.loading')}>
        {({ endpoint: e }) => (
          <>
            <section className="card" aria-labelledby="endpoint-heading">
              <h2 id="endpoint-heading" className="admin-url">
                {e.url}
              </h2>
              <Stats
                items={[
                  { label: t('endpoint.state'), value: <EndpointState endpoint={e} /> },
                  { label: t('endpoint.events'), value: <EventTypes types={e.event_types} /> },
                  { label: t('endpoint.description'), value: e.description ?? '—' },
                  { label: t('endpoint.created'), value: formatDateTime(e.created_at) },
                  ...(e.previous_secret_valid_until ? [{ label: t('endpoint.previousUntil'), value: formatDateTime(e.previous_secret_valid_until) }] : []),
                ]}
              />
            </section>
            {can('webhooks.write') && <EndpointSettings endpoint={e} />}
          </>
        )}
      </QueryState>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">{t('endpoint.deliveries')}</h2>
        <EndpointDeliveries endpointId={id} />
      </section>
    </Page>
  );
}

function EndpointSettings({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('developers');
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const invalidates = [trpc.webhooks.pathKey()];
  const rotate = useAction(trpc.webhooks.rotateSecret.mutationOptions(), { idempotent: true, invalidates, onSuccess: setRotated });
  const remove = useAction(trpc.webhooks.deleteEndpoint.mutationOptions(), { invalidates, onSuccess: () => navigate('/webhooks') });
  return (
    <>
      {rotated && (
        <SecretOnce title={t('endpoint.newSecretTitle')} label={t('webhooks.secretLabel')} secret={rotated.secret} onDone={() => setRotated(null)}>
          <p>{t('endpoint.newSecretNote', { at: formatDateTime(rotated.endpoint.previous_secret_valid_until) })}</p>
        </SecretOnce>
      )}
      <section className="card" aria-labelledby="edit-heading">
        <h2 id="edit-heading">{t('endpoint.settings')}</h2>
        <EndpointEditForm endpoint={endpoint} />
      </section>
      <section className="card" aria-labelledby="secret-heading">
        <h2 id="secret-heading">{t('endpoint.secretAndRemoval')}</h2>
        <p className="hint">{t('endpoint.secretHint')}</p>
        <div className="admin-row-actions">
          <button type="button" className="button button-secondary" disabled={rotate.isPending} onClick={() => rotate.run({ id: endpoint.id })}>
            {rotate.isPending ? t('endpoint.rotating') : t('endpoint.rotate')}
          </button>
          <ConfirmAction
            label={t('endpoint.delete')}
            question={t('endpoint.deleteQuestion')}
            confirmLabel={t('endpoint.confirmDelete')}
            cancelLabel={t('cancel')}
            pending={remove.isPending}
            onConfirm={() => remove.run({ id: endpoint.id })}
          />
        </div>
        {rotate.error && <ErrorAlert error={rotate.error} title={t('endpoint.notRotated')} />}
        {remove.error && <ErrorAlert error={remove.error} title={t('endpoint.notDeleted')} />}
      </section>
    </>
  );
}
