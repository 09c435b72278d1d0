// Contacts, newest first: searched by the start of a number (kept in the address), keyset pages, and a form to add one.
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDate } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import { ContactForm } from './contact-form.tsx';
import '../styles/address-book.css';

type Contact = Outputs['contacts']['list']['contacts'][number];

const PAGE_SIZE = 25;

const FILTERS: readonly FilterField[] = [
  { name: 'search', label: 'Search by number', type: 'search', inputMode: 'tel', maxLength: 20, hint: 'The start of a number: 0754, +255 754 or 754.' },
];

const COLUMNS: readonly Column<Contact>[] = [
  { header: 'Number', cell: (c) => <a className="nowrap" href={href(`/contacts/${c.id}`)}>{c.phone}</a> },
  { header: 'Name', cell: (c) => c.name ?? '—' },
  { header: 'Consent', cell: (c) => (c.consent ? 'Recorded' : 'None') },
  { header: 'Opt-out', cell: (c) => (c.opted_out ? <span className="badge ab-badge-opted-out">Opted out</span> : '—') },
  { header: 'Groups', cell: (c) => c.group_ids.length, numeric: true },
  { header: 'Added', cell: (c) => (c.created_at ? formatDate(c.created_at) : '—') },
];

export function ContactsPage({ query }: PageProps) {
  const can = useCan();
  return (
    <Page title="Contacts">
      {can('contacts.write') && (
        <details className="card ab-foldable">
          <summary>Add a contact</summary>
          <ContactForm />
        </details>
      )}
      <FilteredList
        path="/contacts"
        query={query}
        filters={FILTERS}
        noun="contacts"
        list={(values, before) => trpc.contacts.list.queryOptions({ limit: PAGE_SIZE, before, search: values.search || undefined })}
        rows={(data) => data.contacts}
        next={(data) => data.next_before}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        caption="Contacts, newest first"
        empty={(values) => (values.search ? 'No contact’s number starts so.' : 'No contact yet.')}
      />
    </Page>
  );
}
