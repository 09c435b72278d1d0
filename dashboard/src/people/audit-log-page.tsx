// The audit log: who did what and when (times in EAT), newest first, of one action or all, page by page.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { navigate } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
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
  const action = query.get('action') ?? '';
  const [draft, setDraft] = useState(action);
  // The address may change without this page being made again (back, a link): the box follows it.
  useEffect(() => setDraft(action), [action]);
  const pages = useKeysetPages(action);
  const can = useCan();
  const events = useQuery(trpc.audit.list.queryOptions({ limit: PAGE_SIZE, ...(pages.before ? { before: pages.before } : {}), ...(action ? { action } : {}) }));
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
  const apply = (e: FormEvent) => {
    e.preventDefault();
    navigate('/audit-log', { action: draft.trim() });
  };

  return (
    <Page title="Audit log">
      <form className="filters" onSubmit={apply} aria-label="Filter the audit log">
        <Field label="Action" hint="The exact action, such as api_key.created; empty for every action.">
          {(c) => (
            <>
              <input {...c} name="action" list="audit-actions" autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
              <datalist id="audit-actions">
                {COMMON_ACTIONS.map((a) => (
                  <option key={a} value={a} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <div className="filter-actions">
          <button type="submit" className="button">
            Show
          </button>
          {action && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setDraft('');
                navigate('/audit-log');
              }}
            >
              Every action
            </button>
          )}
        </div>
      </form>
      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="visually-hidden">
          Events
        </h2>
        <QueryState query={events} label="Loading the audit log">
          {(data) => (
            <>
              <DataTable caption="Audit events, newest first" columns={columns} rows={data.audit_events} rowKey={(e) => e.id} empty="No event matches." />
              <Pager label="Pages of the audit log" pages={pages} next={data.next_before} />
            </>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
