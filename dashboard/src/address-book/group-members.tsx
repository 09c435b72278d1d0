// A group's members (keyset pages, each removable) and the search of contacts by number that adds them.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { errorField, errorMessage } from '../errors.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { useAction } from '../ui/use-action.ts';

type Group = Outputs['groups']['list']['groups'][number];
type Contact = Outputs['contacts']['list']['contacts'][number];

const PAGE_SIZE = 25;

/** Members and counts change together: both lists are asked again. */
const changes = () => [trpc.contacts.pathKey(), trpc.groups.pathKey()];

function contactColumns(action: Column<Contact> | null): Column<Contact>[] {
  const columns: Column<Contact>[] = [
    { header: 'Number', cell: (c) => <a className="nowrap" href={href(`/contacts/${c.id}`)}>{c.phone}</a> },
    { header: 'Name', cell: (c) => c.name ?? '—' },
  ];
  return action ? [...columns, action] : columns;
}

export function GroupMembers({ group }: { group: Group }) {
  const can = useCan();
  const pages = useKeysetPages(group.id);
  const members = useQuery(trpc.contacts.list.queryOptions({ group_id: group.id, limit: PAGE_SIZE, before: pages.before }));
  const remove = useAction(trpc.groups.removeMembers.mutationOptions(), { invalidates: changes });
  const removing = remove.isPending ? remove.variables.contact_ids[0] : undefined;
  const action: Column<Contact> = {
    header: 'Action',
    cell: (c) => (
      <button type="button" className="button button-secondary ab-small" disabled={removing === c.id} onClick={() => remove.run({ id: group.id, contact_ids: [c.id] })}>
        Remove <span className="visually-hidden">{c.phone} from the group</span>
      </button>
    ),
  };
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      <QueryState query={members} label="Loading the members">
        {(data) => (
          <>
            <DataTable caption={`Members of ${group.name}`} columns={contactColumns(can('contacts.write') ? action : null)} rows={data.contacts} rowKey={(c) => c.id} empty="No member yet." />
            <Pager label="Pages of members" pages={pages} next={data.next_before} />
          </>
        )}
      </QueryState>
    </section>
  );
}

export function AddMembers({ group }: { group: Group }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const found = useQuery({ ...trpc.contacts.list.queryOptions({ search, limit: 10 }), enabled: search !== '' });
  const add = useAction(trpc.groups.addMembers.mutationOptions(), { invalidates: changes });
  const adding = add.isPending ? add.variables.contact_ids[0] : undefined;
  const searchError = errorField(found.error) === 'search' ? errorMessage(found.error) : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
  };
  const action: Column<Contact> = {
    header: 'Action',
    cell: (c) =>
      c.group_ids.includes(group.id) ? (
        <span className="hint">In the group</span>
      ) : (
        <button type="button" className="button ab-small" disabled={adding === c.id} onClick={() => add.run({ id: group.id, contact_ids: [c.id] })}>
          Add <span className="visually-hidden">{c.phone} to the group</span>
        </button>
      ),
  };
  return (
    <section className="card" aria-labelledby="add-heading">
      <h2 id="add-heading">Add members</h2>
      <form className="ab-inline-form" role="search" aria-label="Find contacts to add" onSubmit={onSubmit}>
        <Field label="Contact’s number" error={searchError} hint="The start of a number: 0754, +255 754 or 754.">
          {(c) => <input {...c} type="search" inputMode="tel" maxLength={20} required value={draft} onChange={(e) => setDraft(e.target.value)} />}
        </Field>
        <button type="submit" className="button button-secondary">
          Find contacts
        </button>
      </form>
      {add.error ? <ErrorAlert error={add.error} /> : null}
      {search && !searchError && (
        <QueryState query={found} label="Searching">
          {(data) => <DataTable caption="Contacts found" columns={contactColumns(action)} rows={data.contacts} rowKey={(c) => c.id} empty="No contact’s number starts so." />}
        </QueryState>
      )}
    </section>
  );
}
