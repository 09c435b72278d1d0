// Webhook endpoints: the organization's endpoints with their state, and a form to add one (its signing secret
// shown once); each endpoint's page has its deliveries.
import { useState } from 'react';
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { EndpointState, EventTypes } from './endpoint-state.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { EndpointCreateForm, type CreatedEndpoint } from './endpoint-forms.tsx';
import '../styles/admin.css';

type Endpoint = Outputs['webhooks']['listEndpoints']['endpoints'][number];

const PAGE_SIZE = 50;

const COLUMNS: readonly Column<Endpoint>[] = [
  { header: 'URL', cell: (e) => <a href={href(`/webhooks/${e.id}`)} className="admin-url">{e.url}</a> },
  { header: 'Description', cell: (e) => e.description ?? '—' },
  { header: 'Events', cell: (e) => <EventTypes types={e.event_types} /> },
  { header: 'State', cell: (e) => <EndpointState endpoint={e} /> },
  { header: 'Created', cell: (e) => formatDateTime(e.created_at) },
];

export function WebhooksPage({ query }: PageProps) {
  const can = useCan();
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  return (
    <Page title="Webhooks">
      <p className="lead">The service posts events (a message delivered, a campaign completed…) to your endpoints, signed with each endpoint’s secret.</p>
      {created && (
        <SecretOnce title="The endpoint’s signing secret" label="Signing secret" secret={created.secret} onDone={() => setCreated(null)}>
          <p>
            Use it to check the signature of each delivery to <span className="admin-url">{created.endpoint.url}</span>.{' '}
            <a href={href(`/webhooks/${created.endpoint.id}`)}>Open the endpoint</a>
          </p>
        </SecretOnce>
      )}
      {can('webhooks.write') && (
        <section className="card" aria-labelledby="new-endpoint-heading">
          <h2 id="new-endpoint-heading">Add an endpoint</h2>
          <EndpointCreateForm onCreated={setCreated} />
        </section>
      )}
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        <FilteredList
          path="/webhooks"
          query={query}
          filters={[]}
          noun="endpoints"
          list={(_, before) => trpc.webhooks.listEndpoints.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
          rows={(data) => data.endpoints}
          next={(data) => data.next_before}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          caption="Webhook endpoints, newest first"
          empty="No endpoint yet."
        />
      </section>
    </Page>
  );
}
