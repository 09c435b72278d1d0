// The audit log: who did what and when (times in EAT), newest first, of one action or all, page by page.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
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

/** Who acts and what is acted on, in words where the namespace has them; any other kind shows as its code. */
const KINDS = ['api_key', 'sender_id', 'operator', 'system', 'member', 'organization'] as const;
const isKind = (type: string): type is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(type);

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
          <dt>{key}</dt>
          <dd>{detailText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditLogPage({ query }: PageProps) {
  const { t } = useTranslation('people');
  const nameOf = (type: string) => (isKind(type) ? t(`audit.kinds.${type}`) : type);
  const filters: readonly FilterField[] = [{ name: 'action', label: t('audit.action'), type: 'text', suggestions: COMMON_ACTIONS, hint: t('audit.actionHint') }];
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
    { header: t('audit.columns.when'), cell: (e) => formatDateTime(e.created_at) },
    { header: t('audit.columns.action'), cell: (e) => <code className="admin-code">{e.action}</code> },
    { header: t('audit.columns.by'), cell: who },
    { header: t('audit.columns.on'), cell: (e) => (e.target ? <span className="admin-code-list">{`${nameOf(e.target.type)} ${e.target.id ?? ''}`}</span> : '—') },
    { header: t('audit.columns.details'), cell: (e) => <Details details={e.details} /> },
  ];

  return (
    <Page title={t('audit.title')}>
      <FilteredList
        path="/audit-log"
        query={query}
        filters={filters}
        noun={t('audit.noun')}
        list={(values, before) => trpc.audit.list.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}), ...(values.action ? { action: values.action.trim() } : {}) })}
        rows={(data) => data.audit_events}
        next={(data) => data.next_before}
        columns={columns}
        rowKey={(e) => e.id}
        caption={t('audit.caption')}
        empty={t('audit.empty')}
      />
    </Page>
  );
}
