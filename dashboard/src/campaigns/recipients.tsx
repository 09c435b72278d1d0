// A launched campaign's recipients in audience order (campaigns.recipients): a status filter, a number search for
// roles that read contacts, and pages forward by position.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { errorField, errorMessage } from '../errors.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { Pager, useKeysetPages, type KeysetPages } from '../ui/pager.tsx';
import { StatusOptions, type RecipientFilter } from './recipient-statuses.tsx';

type Recipient = Outputs['campaigns']['recipients']['recipients'][number];

const PAGE_SIZE = 50;

function columns(linkMessages: boolean): Column<Recipient>[] {
  return [
    { header: 'Position', cell: (r) => r.n, numeric: true },
    { header: 'Number', cell: (r) => <span className="nowrap">{r.to}</span> },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { header: 'Money', cell: (r) => `${formatTzs(r.amount)} ${humanize(r.charge).toLowerCase()}` },
    { header: 'Updated', cell: (r) => formatDateTime(r.updated_at) },
    { header: 'Reason', cell: (r) => r.failure_reason ?? '—' },
    { header: 'Message', cell: (r) => messageCell(r, linkMessages) },
  ];
}

/** A fed recipient's message, opened from here by roles that read messages. */
function messageCell(r: Recipient, link: boolean) {
  if (!r.message_id) return '—';
  if (!link) return 'Sent';
  return (
    <a href={href(`/messages/${r.message_id}`)} aria-label={`Open the message to ${r.to}`}>
      Open
    </a>
  );
}

export function CampaignRecipients({ campaignId }: { campaignId: string }) {
  const can = useCan();
  const [status, setStatus] = useState<RecipientFilter | ''>('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const pages = useKeysetPages(JSON.stringify([status, search]));
  const input: Inputs['campaigns']['recipients'] = {
    id: campaignId,
    limit: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
    ...(pages.before ? { after: Number(pages.before) } : {}),
  };
  const list = useQuery({ ...trpc.campaigns.recipients.queryOptions(input), placeholderData: keepPreviousData });
  // A search the service refuses is told by its field; the table keeps its place until the search is corrected.
  const searchError = list.error && errorField(list.error) === 'search' ? errorMessage(list.error) : undefined;
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <section className="card" aria-labelledby="recipients-heading">
      <h2 id="recipients-heading">Recipients</h2>
      <form className="filters" role="search" aria-label="Filter recipients" onSubmit={onSearch}>
        <Field label="Recipient status">
          {(c) => (
            <select {...c} value={status} onChange={(e) => setStatus(e.target.value as RecipientFilter | '')}>
              <StatusOptions any="Any status" />
            </select>
          )}
        </Field>
        {can('contacts.read') && (
          <>
            <Field label="Number starts with" error={searchError} hint="+255…, 255… or 0…">
              {(c) => <input {...c} type="search" inputMode="tel" value={typed} onChange={(e) => setTyped(e.target.value)} />}
            </Field>
            <div className="filter-actions">
              <button type="submit" className="button button-secondary">
                Search
              </button>
            </div>
          </>
        )}
      </form>
      {!searchError && (
        <QueryState query={list} label="Loading the recipients">
          {(data) => <RecipientsTable data={data} pages={pages} linkMessages={can('messages.read')} />}
        </QueryState>
      )}
    </section>
  );
}

interface RecipientsTableProps {
  data: Outputs['campaigns']['recipients'];
  pages: KeysetPages;
  linkMessages: boolean;
}

function RecipientsTable({ data, pages, linkMessages }: RecipientsTableProps) {
  const next = data.next_after;
  return (
    <>
      {data.numbers_masked && <p className="hint">Numbers are partly hidden: your role does not read the address book.</p>}
      <DataTable caption="Recipients in audience order" columns={columns(linkMessages)} rows={data.recipients} rowKey={(r) => String(r.n)} empty="No recipient matches." />
      <Pager label="Pages of recipients" pages={pages} next={next} order="order" />
    </>
  );
}
