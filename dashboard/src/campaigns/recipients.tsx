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
import { formatCount } from '../format/locale.ts';
import type { ChargeState } from '../../../core/domain/message-states.ts';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { Pager, useKeysetPages, type KeysetPages } from '../ui/pager.tsx';
import { StatusOptions, type RecipientFilter } from './recipient-statuses.tsx';
import { useCampaignWords, type CampaignWords } from './words.ts';

type Recipient = Outputs['campaigns']['recipients']['recipients'][number];

const PAGE_SIZE = 50;

/** A recipient's charge in words; one the service adds later shows as its code. */
const CHARGES = new Set<string>(['held', 'captured', 'released', 'none'] satisfies (ChargeState | 'none')[]);
const chargeWord = (t: CampaignWords, charge: string) => (CHARGES.has(charge) ? t(`codes:${charge as ChargeState | 'none'}`).toLowerCase() : charge);

function columns(t: CampaignWords, linkMessages: boolean): Column<Recipient>[] {
  return [
    { header: t('recipients.position'), cell: (r) => formatCount(r.n), numeric: true },
    { header: t('recipients.number'), cell: (r) => <span className="nowrap">{r.to}</span> },
    { header: t('recipients.statusColumn'), cell: (r) => <StatusBadge status={r.status} /> },
    { header: t('recipients.money'), cell: (r) => `${formatTzs(r.amount)} ${chargeWord(t, r.charge)}` },
    { header: t('recipients.updated'), cell: (r) => formatDateTime(r.updated_at) },
    { header: t('recipients.reason'), cell: (r) => r.failure_reason ?? '—' },
    { header: t('recipients.message'), cell: (r) => messageCell(t, r, linkMessages) },
  ];
}

/** A fed recipient's message, opened from here by roles that read messages. */
function messageCell(t: CampaignWords, r: Recipient, link: boolean) {
  if (!r.message_id) return '—';
  if (!link) return t('recipients.sent');
  return (
    <a href={href(`/messages/${r.message_id}`)} aria-label={t('recipients.openMessage', { to: r.to })}>
      {t('recipients.open')}
    </a>
  );
}

export function CampaignRecipients({ campaignId }: { campaignId: string }) {
  const t = useCampaignWords();
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
      <h2 id="recipients-heading">{t('recipients.heading')}</h2>
      <form className="filters" role="search" aria-label={t('recipients.filter')} onSubmit={onSearch}>
        <Field label={t('recipients.status')}>
          {(c) => (
            <select {...c} value={status} onChange={(e) => setStatus(e.target.value as RecipientFilter | '')}>
              <StatusOptions any={t('recipients.anyStatus')} />
            </select>
          )}
        </Field>
        {can('contacts.read') && (
          <>
            <Field label={t('recipients.numberStarts')} error={searchError} hint={t('recipients.numberHint')}>
              {(c) => <input {...c} type="search" inputMode="tel" value={typed} onChange={(e) => setTyped(e.target.value)} />}
            </Field>
            <div className="filter-actions">
              <button type="submit" className="button button-secondary">
                {t('recipients.search')}
              </button>
            </div>
          </>
        )}
      </form>
      {!searchError && (
        <QueryState query={list} label={t('recipients.loading')}>
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
  const t = useCampaignWords();
  const next = data.next_after;
  return (
    <>
      {data.numbers_masked && <p className="hint">{t('recipients.masked')}</p>}
      <DataTable caption={t('recipients.caption')} columns={columns(t, linkMessages)} rows={data.recipients} rowKey={(r) => String(r.n)} empty={t('recipients.empty')} />
      <Pager label={t('recipients.pages')} pages={pages} next={next} order="order" />
    </>
  );
}
