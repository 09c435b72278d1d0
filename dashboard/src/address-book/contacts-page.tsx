// Contacts, newest first: searched by the start of a number (kept in the address), keyset pages, and a form to add one.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { errorField, errorMessage } from '../errors.ts';
import { formatDate } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { ContactForm } from './contact-form.tsx';
import '../styles/address-book.css';

type Contact = Outputs['contacts']['list']['contacts'][number];

const PAGE_SIZE = 25;

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
  const search = query.get('search') ?? '';
  const pages = useKeysetPages(search);
  const list = useQuery(trpc.contacts.list.queryOptions({ limit: PAGE_SIZE, before: pages.before, search: search || undefined }));
  const searchError = errorField(list.error) === 'search' ? errorMessage(list.error) : undefined;
  return (
    <Page title="Contacts">
      {can('contacts.write') && (
        <details className="card ab-foldable">
          <summary>Add a contact</summary>
          <ContactForm />
        </details>
      )}
      <SearchForm search={search} error={searchError} />
      <section aria-labelledby="contacts-results">
        <h2 id="contacts-results" className="visually-hidden">
          Results
        </h2>
        {searchError ? null : (
          <QueryState query={list} label="Loading contacts">
            {(data) => (
              <>
                <DataTable caption="Contacts, newest first" columns={COLUMNS} rows={data.contacts} rowKey={(c) => c.id} empty={search ? 'No contact’s number starts so.' : 'No contact yet.'} />
                <Pager label="Pages of contacts" pages={pages} next={data.next_before} />
              </>
            )}
          </QueryState>
        )}
      </section>
    </Page>
  );
}

function SearchForm({ search, error }: { search: string; error: string | undefined }) {
  const [draft, setDraft] = useState(search);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    navigate('/contacts', { search: draft.trim() });
  };
  return (
    <form className="ab-search" role="search" aria-label="Search contacts" onSubmit={onSubmit}>
      <Field label="Search by number" error={error} hint="The start of a number: 0754, +255 754 or 754.">
        {(c) => <input {...c} type="search" inputMode="tel" maxLength={20} value={draft} onChange={(e) => setDraft(e.target.value)} />}
      </Field>
      <div className="ab-actions">
        <button type="submit" className="button">
          Search
        </button>
        {search && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDraft('');
              navigate('/contacts');
            }}
          >
            Show all
          </button>
        )}
      </div>
    </form>
  );
}
