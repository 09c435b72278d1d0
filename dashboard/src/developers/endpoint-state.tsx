// How an endpoint stands: enabled, or disabled with the reason (by a member, or by the service after failing for
// days); and the event types it receives.
import { useTranslation } from 'react-i18next';
import type { Outputs } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import { StateBadge } from '../ui/state-badge.tsx';

type Endpoint = Outputs['webhooks']['getEndpoint']['endpoint'];

export function EndpointState({ endpoint: e }: { endpoint: Pick<Endpoint, 'enabled' | 'disabled_reason' | 'failing_since'> }) {
  const { t } = useTranslation(['developers', 'codes']);
  return (
    <>
      <StateBadge state={e.enabled ? 'enabled' : 'disabled'} text={t(e.enabled ? 'codes:enabled' : 'codes:disabled')} />
      {!e.enabled && e.disabled_reason && <span className="admin-subline">{e.disabled_reason}</span>}
      {e.enabled && e.failing_since && <span className="admin-subline">{t('webhooks.failingSince', { at: formatDateTime(e.failing_since) })}</span>}
    </>
  );
}

export function EventTypes({ types }: { types: readonly string[] | null }) {
  const { t } = useTranslation('developers');
  return <span className="admin-code-list">{types === null ? t('webhooks.everyType') : types.join(', ')}</span>;
}
