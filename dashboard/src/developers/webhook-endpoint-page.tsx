// One webhook endpoint: its settings (changed here), a new signing secret (shown once), deletion, and its deliveries
// with their attempts.
import { useState } from 'react';
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
  const id = params['id'] ?? '';
  const can = useCan();
  const endpoint = useQuery(trpc.webhooks.getEndpoint.queryOptions({ id }));
  return (
    <Page title="Webhook endpoint" actions={<a href={href('/webhooks')}>Back to webhooks</a>}>
      <QueryState query={endpoint} label="Loading the endpoint">
        {({ endpoint: e }) => (
          <>
            <section className="card" aria-labelledby="endpoint-heading">
              <h2 id="endpoint-heading" className="admin-url">
                {e.url}
              </h2>
              <Stats
                items={[
                  { label: 'State', value: <EndpointState endpoint={e} /> },
                  { label: 'Events', value: <EventTypes types={e.event_types} /> },
                  { label: 'Description', value: e.description ?? '—' },
                  { label: 'Created', value: formatDateTime(e.created_at) },
                  ...(e.previous_secret_valid_until ? [{ label: 'Previous secret signs until', value: formatDateTime(e.previous_secret_valid_until) }] : []),
                ]}
              />
            </section>
            {can('webhooks.write') && <EndpointSettings endpoint={e} />}
          </>
        )}
      </QueryState>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <EndpointDeliveries endpointId={id} />
      </section>
    </Page>
  );
}

function EndpointSettings({ endpoint }: { endpoint: Endpoint }) {
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const invalidates = [trpc.webhooks.pathKey()];
  const rotate = useAction(trpc.webhooks.rotateSecret.mutationOptions(), { idempotent: true, invalidates, onSuccess: setRotated });
  const remove = useAction(trpc.webhooks.deleteEndpoint.mutationOptions(), { invalidates, onSuccess: () => navigate('/webhooks') });
  return (
    <>
      {rotated && (
        <SecretOnce title="The new signing secret" label="Signing secret" secret={rotated.secret} onDone={() => setRotated(null)}>
          <p>Deliveries are signed with both the new and the old secret until {formatDateTime(rotated.endpoint.previous_secret_valid_until)}: move your check to the new one before then.</p>
        </SecretOnce>
      )}
      <section className="card" aria-labelledby="edit-heading">
        <h2 id="edit-heading">Settings</h2>
        <EndpointEditForm endpoint={endpoint} />
      </section>
      <section className="card" aria-labelledby="secret-heading">
        <h2 id="secret-heading">Signing secret and removal</h2>
        <p className="hint">A new secret is shown once; the old one keeps signing beside it for a while, so your check can move without losing deliveries.</p>
        <div className="admin-row-actions">
          <button type="button" className="button button-secondary" disabled={rotate.isPending} onClick={() => rotate.run({ id: endpoint.id })}>
            {rotate.isPending ? 'Rotating…' : 'Rotate the signing secret'}
          </button>
          <ConfirmAction
            label="Delete the endpoint"
            question="Delete this endpoint? Its pending deliveries fail and nothing more is sent to it."
            confirmLabel="Yes, delete"
            pending={remove.isPending}
            onConfirm={() => remove.run({ id: endpoint.id })}
          />
        </div>
        {rotate.error && <ErrorAlert error={rotate.error} title="The secret was not rotated." />}
        {remove.error && <ErrorAlert error={remove.error} title="The endpoint was not deleted." />}
      </section>
    </>
  );
}
