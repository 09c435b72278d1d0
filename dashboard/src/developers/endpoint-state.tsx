// How an endpoint stands: enabled, or disabled with the reason (by a member, or by the service after failing for
// days); and the event types it receives.
import type { Outputs } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import { StateBadge } from '../ui/state-badge.tsx';

type Endpoint = Outputs['webhooks']['getEndpoint']['endpoint'];

export function EndpointState({ endpoint: e }: { endpoint: Pick<Endpoint, 'enabled' | 'disabled_reason' | 'failing_since'> }) {
  return (
    <>
      <StateBadge state={e.enabled ? 'enabled' : 'disabled'} />
      {!e.enabled && e.disabled_reason && <span className="admin-subline">{e.disabled_reason}</span>}
      {e.enabled && e.failing_since && <span className="admin-subline">Failing since {formatDateTime(e.failing_since)}</span>}
    </>
  );
}

export function EventTypes({ types }: { types: readonly string[] | null }) {
  return <span className="admin-code-list">{types === null ? 'Every event type' : types.join(', ')}</span>;
}
