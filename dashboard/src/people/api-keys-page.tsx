// API keys: the organization's keys (redacted) with their state, a form to create one, rotation and revocation;
// a new secret is shown once, right after it is made.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { ApiKeyForm, type CreatedKey } from './api-key-form.tsx';
import { ApiKeyActions, type RotatedKey } from './api-key-actions.tsx';
import '../styles/admin.css';

type ApiKey = Outputs['apiKeys']['list']['api_keys'][number];

const PAGE_SIZE = 50;

function stateText(t: TFunction<['people', 'codes']>, k: ApiKey): string {
  if (k.status === 'rotated') return t('apiKeys.rotatedState', { at: formatDateTime(k.grace_until) });
  if (k.status === 'revoked') return t('apiKeys.revokedState', { at: formatDateTime(k.revoked_at) });
  return t(`codes:${k.status}`);
}

function columns(t: TFunction<['people', 'codes']>, onRotated: (r: RotatedKey) => void): Column<ApiKey>[] {
  return [
    {
      header: t('apiKeys.columns.key'),
      cell: (k) => (
        <>
          <strong>{k.name}</strong> <span className="admin-subline">{t(`codes:${k.mode}`)}</span>
          <code className="admin-code admin-subline">{k.redacted}</code>
        </>
      ),
    },
    { header: t('apiKeys.columns.scopes'), cell: (k) => <span className="admin-code-list">{k.scopes.join(', ')}</span> },
    { header: t('apiKeys.columns.created'), cell: (k) => formatDateTime(k.created_at) },
    { header: t('apiKeys.columns.lastUsed'), cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : t('apiKeys.never')) },
    { header: t('apiKeys.columns.expires'), cell: (k) => formatDateTime(k.expires_at) },
    { header: t('apiKeys.columns.state'), cell: (k) => <StateBadge state={k.status} text={stateText(t, k)} /> },
    { header: t('apiKeys.columns.actions'), cell: (k) => <ApiKeyActions apiKey={k} onRotated={onRotated} /> },
  ];
}

interface Revealed {
  title: string;
  secret: string | null;
  note: string;
}

export function ApiKeysPage({ query }: PageProps) {
  const { t } = useTranslation(['people', 'codes']);
  const [revealed, setRevealed] = useState<Revealed | null>(null);

  const onCreated = (c: CreatedKey) =>
    setRevealed({ title: t('apiKeys.newTitle', { name: c.api_key.name }), secret: c.secret, note: t('apiKeys.newNote', { mode: t(`codes:${c.api_key.mode}`), scopes: c.api_key.scopes.join(', ') }) });
  const onRotated = (r: RotatedKey) =>
    setRevealed({
      title: t('apiKeys.rotatedTitle', { name: r.api_key.name }),
      secret: r.secret,
      note: t('apiKeys.rotatedNote', { redacted: r.rotated.redacted, at: formatDateTime(r.rotated.grace_until) }),
    });

  return (
    <Page title={t('apiKeys.title')}>
      <p className="lead">{t('apiKeys.lead')}</p>
      {revealed && (
        <SecretOnce key={revealed.secret ?? revealed.title} title={revealed.title} label={t('apiKeys.secretLabel')} secret={revealed.secret} onDone={() => setRevealed(null)}>
          <p>{revealed.note}</p>
        </SecretOnce>
      )}
      <section className="card" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">{t('apiKeys.createHeading')}</h2>
        <ApiKeyForm onCreated={onCreated} />
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">{t('apiKeys.listHeading')}</h2>
        <FilteredList
          path="/api-keys"
          query={query}
          filters={[]}
          noun={t('apiKeys.noun')}
          list={(_, before) => trpc.apiKeys.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
          rows={(data) => data.api_keys}
          next={(data) => data.next_before}
          columns={columns(t, onRotated)}
          rowKey={(r) => r.id}
          caption={t('apiKeys.caption')}
          empty={t('apiKeys.empty')}
        />
      </section>
    </Page>
  );
}
