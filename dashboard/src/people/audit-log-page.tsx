// The audit log: who did what and when (times in EAT), newest first, of one action or all, page by page.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import '../styles/admin.css';

type AuditEvent = Outputs['audit']['list']['audit_events'][number];

const PAGE_SIZE = 50;

/** Actions a member often looks for; any other action can be typed. */
const COMMON_ACTIONS = [
  'api_key.created',
  'api_key.rotated',
  'api_key.revoked',
  'api_key.reassigned',
  'member.created',
  'member.updated',
  'member.deleted',
  'sender_id.requested',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.deleted',
  'webhook_delivery.redelivered',
  'wallet.top_up_requested',
  'wallet.low_balance_threshold_set',
];

const FILTERS: readonly FilterField[] = [
  { name: 'action', label: 'Action', type: 'text', suggestions: COMMON_ACTIONS, hint: 'The exact action, such as api_key.created; empty for every action.' },
];

/** Who acts and what is acted on, where the code's own words would read badly. */
const NAMES: Record<string, string> = { api_key: 'API key', sender_id: 'Sender ID', operator: 'The service’s operator', system: 'The service' };
const nameOf = (type: string) => NAMES[type] ?? humanize(type);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A detail as text; an instant in it is shown in EAT like every other time. */
function detailText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return INSTANT.test(value) ? formatDateTime(value) : value;
}

function Details({ details }: { details: AuditEvent['details'] }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <>—</>;
  return (
    <dl className="admin-details">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{humanize(key)}</dt>
          <dd>{detailText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditLogPage({ query }: PageProps) {
  const can = useCan();
  // Members are named by their email where the list of members may be read.
  const members = useQuery({ ...trpc.members.list.queryOptions({ limit: 100 }), enabled: can('members.manage') });
  const emails = new Map((members.data?.members ?? []).map((m) => [m.id, m.email]));
  const who = (e: AuditEvent) => {
    const known = e.actor.id ? emails.get(e.actor.id) : undefined;
    if (known) return known;
    const kind = nameOf(e.actor.type);
    return e.actor.id ? <span className="admin-code-list">{`${kind} ${e.actor.id}`}</span> : kind;
  };

  const columns: Column<AuditEvent>[] = [
    { header: 'When', cell: (e) => formatDateTime(e.created_at) },
    { header: 'Action', cell: (e) => <code className="admin-code">{e.action}</code> },
    { header: 'By', cell: who },
    { header: 'On', cell: (e) => (e.target ? <span className="admin-code-list">{`${nameOf(e.target.type)} ${e.target.id ?? ''}`}</span> : '—') },
    { header: 'Details', cell: (e) => <Details details={e.details} /> },
  ];

  return (
    <Page title="Audit log">
      <FilteredList
        path="/audit-log"
        query={query}
        filters={FILTERS}
        noun="audit events"
        list={(values, before) => trpc.audit.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}), ...(values.action ? { action: values.action.trim() } : {}) })}
        rows={(data) => data.audit_events}
        next={(data) => data.next_before}
        columns={columns}
        rowKey={(e) => e.id}
        caption="Audit events, newest first"
        empty="No event matches."
      />
    </Page>
  );
}
