// Contacts, newest first: searched by the start of a number or by a field's value (kept in the address), keyset
// pages, and a form to add one.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDate } from '../format/time.ts';
import { formatCount } from '../format/locale.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField, type FilterValues } from '../ui/filtered-list.tsx';
import { ContactForm } from './contact-form.tsx';
import '../styles/address-book.css';

type Contact = Outputs['contacts']['list']['contacts'][number];
type ContactField = Outputs['contactFields']['list']['fields'][number];

const PAGE_SIZE = 25;
const MATCHES = ['equals', 'contains'] as const;

/** The list's query from the address: the field's filter only once a value is typed (a field alone is refused). */
function listInput(values: FilterValues, before: string | undefined) {
  const value = values['field_value']?.trim() ?? '';
  return {
    limit: PAGE_SIZE,
    before,
    search: values['search'] || undefined,
    ...(value ? { field_value: value, field_id: values['field_id'] || undefined, field_match: MATCHES.find((m) => m === values['field_match']) ?? 'equals' } : {}),
  };
}

export function ContactsPage({ query }: PageProps) {
  const { t } = useTranslation('addressBook');
  const can = useCan();
  const fields = useQuery(trpc.contactFields.list.queryOptions());
  const filters = contactFilters(t, fields.data?.fields ?? []);
  const columns: readonly Column<Contact>[] = [
    { header: t('number'), cell: (c) => <a className="nowrap" href={href(`/contacts/${c.id}`)}>{c.phone}</a> },
    { header: t('name'), cell: (c) => c.name ?? '—' },
    { header: t('consentLabel'), cell: (c) => (c.consent ? t('recorded') : t('contact.noConsent')) },
    { header: t('optOutLabel'), cell: (c) => (c.opted_out ? <span className="badge ab-badge-opted-out">{t('optedOut')}</span> : '—') },
    { header: t('contacts.groups'), cell: (c) => formatCount(c.group_ids.length), numeric: true },
    { header: t('contacts.fields'), cell: (c) => (c.fields.length ? c.fields.map((f) => `${f.name}: ${f.value}`).join(' · ') : '—') },
    { header: t('added'), cell: (c) => (c.created_at ? formatDate(c.created_at) : '—') },
  ];
  return (
    <Page title={t('contacts.title')}>
      {can('contacts.write') && (
        <details className="card ab-foldable">
          <summary>{t('contacts.add')}</summary>
          <ContactForm />
        </details>
      )}
      <FilteredList
        path="/contacts"
        query={query}
        filters={filters}
        noun={t('contacts.noun')}
        list={(values, before) => trpc.contacts.list.queryOptions(listInput(values, before))}
        rows={(data) => data.contacts}
        next={(data) => data.next_before}
        columns={columns}
        rowKey={(c) => c.id}
        caption={t('contacts.caption')}
        empty={(values) => (values['search'] || values['field_value'] ? t('contacts.noMatch') : t('contacts.none'))}
      />
    </Page>
  );
}

/** The number's search, and the fields' search once the organization has fields. */
function contactFilters(t: TFunction<'addressBook'>, fields: readonly ContactField[]): FilterField[] {
  const byNumber: FilterField = { name: 'search', label: t('searchByNumber'), type: 'search', inputMode: 'tel', maxLength: 20, hint: t('searchByNumberHint') };
  if (fields.length === 0) return [byNumber];
  return [
    byNumber,
    { name: 'field_value', label: t('contacts.fieldValue'), type: 'search', maxLength: 200, hint: t('contacts.fieldValueHint') },
    { name: 'field_id', label: t('contacts.field'), type: 'select', options: [{ value: '', label: t('contacts.anyField') }, ...fields.map((f) => ({ value: f.id, label: f.name }))] },
    {
      name: 'field_match',
      label: t('contacts.match'),
      type: 'select',
      defaultValue: 'equals',
      options: MATCHES.map((m) => ({ value: m, label: t(`contacts.matches.${m}`) })),
    },
  ];
}
