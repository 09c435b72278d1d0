// Webhook endpoints: the organization's endpoints with their state, and a form to add one (its signing secret
// shown once); each endpoint's page has its deliveries.
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

export function WebhooksPage({ query }: PageProps) {
  const { t } = useTranslation('developers');
  const can = useCan();
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  const columns: readonly Column<Endpoint>[] = [
  { header: t('webhooks.columns.url'), cell: (e) => <a href={href(`/webhooks/${e.id}`)} className="admin-url">{e.url}</a> },
  { header: t('webhooks.columns.description'), cell: (e) => e.description ?? '—' },
  { header: t('webhooks.columns.events'), cell: (e) => <EventTypes types={e.event_types} /> },
  { header: t('webhooks.columns.state'), cell: (e) => <EndpointState endpoint={e} /> },
  { header: t('webhooks.columns.created'), cell: (e) => formatDateTime(e.created_at) },
  ];
  return (
    <Page title={t('webhooks.title')}>
      <p className="lead">{t('webhooks.lead')}</p>
      {created && (
        <SecretOnce title={t('webhooks.secretTitle')} label={t('webhooks.secretLabel')} secret={created.secret} onDone={() => setCreated(null)}>
          <p>
            <Trans
              t={t}
              i18nKey="webhooks.secretUse"
              values={{ url: created.endpoint.url }}
              components={{ url: <span className="admin-url" />, open: <a href={href(`/webhooks/${created.endpoint.id}`)} /> }}
            />
          </p>
        </SecretOnce>
      )}
      {can('webhooks.write') && (
        <section className="card" aria-labelledby="new-endpoint-heading">
          <h2 id="new-endpoint-heading">{t('webhooks.addHeading')}</h2>
          <EndpointCreateForm onCreated={setCreated} />
        </section>
      )}
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">{t('webhooks.listHeading')}</h2>
        <FilteredList
          path="/webhooks"
          query={query}
          filters={[]}
          noun={t('webhooks.noun')}
          list={(_, before) => trpc.webhooks.listEndpoints.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
          rows={(data) => data.endpoints}
          next={(data) => data.next_before}
          columns={columns}
          rowKey={(r) => r.id}
          caption={t('webhooks.caption')}
          empty={t('webhooks.empty')}
        />
      </section>
    </Page>
  );
}
