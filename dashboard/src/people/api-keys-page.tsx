// API keys: the organization's keys (redacted) with their state, a form to create one, rotation and revocation;
// a new secret is shown once, right after it is made.
import { useState } from 'react';
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
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

function stateText(k: ApiKey): string {
  if (k.status === 'rotated') return `Rotated, works until ${formatDateTime(k.grace_until)}`;
  if (k.status === 'revoked') return `Revoked ${formatDateTime(k.revoked_at)}`;
  return humanize(k.status);
}

function columns(onRotated: (r: RotatedKey) => void): Column<ApiKey>[] {
  return [
    {
      header: 'Key',
      cell: (k) => (
        <>
          <strong>{k.name}</strong> <span className="admin-subline">{humanize(k.mode)}</span>
          <code className="admin-code admin-subline">{k.redacted}</code>
        </>
      ),
    },
    { header: 'Scopes', cell: (k) => <span className="admin-code-list">{k.scopes.join(', ')}</span> },
    { header: 'Created', cell: (k) => formatDateTime(k.created_at) },
    { header: 'Last used', cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : 'Never') },
    { header: 'Expires', cell: (k) => formatDateTime(k.expires_at) },
    { header: 'State', cell: (k) => <StateBadge state={k.status} text={stateText(k)} /> },
    { header: 'Actions', cell: (k) => <ApiKeyActions apiKey={k} onRotated={onRotated} /> },
  ];
}

interface Revealed {
  title: string;
  secret: string | null;
  note: string;
}

export function ApiKeysPage({ query }: PageProps) {
  const [revealed, setRevealed] = useState<Revealed | null>(null);

  const onCreated = (c: CreatedKey) =>
    setRevealed({ title: `Your new key “${c.api_key.name}”`, secret: c.secret, note: `A ${c.api_key.mode} key with ${c.api_key.scopes.join(', ')}.` });
  const onRotated = (r: RotatedKey) =>
    setRevealed({
      title: `The new secret of “${r.api_key.name}”`,
      secret: r.secret,
      note: `The old secret (${r.rotated.redacted}) keeps working until ${formatDateTime(r.rotated.grace_until)}; move your systems to the new one before then.`,
    });

  return (
    <Page title="API keys">
      <p className="lead">Keys let your systems call the REST API. A test key simulates messages and charges nothing; a live key sends real ones.</p>
      {revealed && (
        <SecretOnce key={revealed.secret ?? revealed.title} title={revealed.title} label="Secret key" secret={revealed.secret} onDone={() => setRevealed(null)}>
          <p>{revealed.note}</p>
        </SecretOnce>
      )}
      <section className="card" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">Create a key</h2>
        <ApiKeyForm onCreated={onCreated} />
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys</h2>
        <FilteredList
          path="/api-keys"
          query={query}
          filters={[]}
          noun="API keys"
          list={(_, before) => trpc.apiKeys.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}) })}
          rows={(data) => data.api_keys}
          next={(data) => data.next_before}
          columns={columns(onRotated)}
          rowKey={(r) => r.id}
          caption="API keys, newest first"
          empty="No API key yet."
        />
      </section>
    </Page>
  );
}
