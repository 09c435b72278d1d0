// Groups by name with their member counts, and a form to create one (one idempotency key per group).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZGroupBody } from '../../../core/inputs/groups.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';

import { useAction } from '../ui/use-action.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';

type Group = Outputs['groups']['list']['groups'][number];

const COLUMNS: readonly Column<Group>[] = [
  { header: 'Name', cell: (g) => <a href={href(`/groups/${g.id}`)}>{g.name}</a> },
  { header: 'Members', cell: (g) => g.members.toLocaleString('en-US'), numeric: true },
  { header: 'Changed', cell: (g) => formatDateTime(g.updated_at) },
];

export function GroupsPage() {
  const can = useCan();
  const groups = useQuery(trpc.groups.list.queryOptions());
  return (
    <Page title="Groups">
      <p className="lead">Groups gather contacts for campaigns. A contact may be in several groups.</p>
      {can('contacts.write') && <CreateGroup />}
      <section aria-labelledby="groups-list">
        <h2 id="groups-list">All groups</h2>
        <QueryState query={groups} label="Loading groups">
          {(data) => <DataTable caption="Groups by name, with their members" columns={COLUMNS} rows={data.groups} rowKey={(g) => g.id} empty="No group yet." />}
        </QueryState>
      </section>
    </Page>
  );
}

function CreateGroup() {
  const [created, setCreated] = useState<Group | null>(null);
  const form = useSchemaForm({ schema: ZGroupBody, defaultValues: { name: '' }, toInput: ({ name }: { name: string }) => ({ name: name.trim() }) });
  const create = useAction(trpc.groups.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.groups.pathKey()],
    onSuccess: (answer) => {
      setCreated(answer.group);
      form.reset();
    },
  });
  const general = useServerRefusal(form, create.error, ['name']);
  const onSubmit = form.handleSubmit((input) => {
    setCreated(null);
    create.run(input);
  });
  return (
    <section className="card" aria-labelledby="create-group">
      <h2 id="create-group">Create a group</h2>
      {created && (
        <p className="alert alert-success" role="status">
          Group created: <a href={href(`/groups/${created.id}`)}>{created.name}</a>
        </p>
      )}
      <form className="ab-inline-form" onSubmit={onSubmit} noValidate>
        <Field label="Group name" error={form.formState.errors.name?.message} hint="Up to 100 characters, unique in your organization (ignoring case).">
          {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
        </Field>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create group'}
        </button>
      </form>
      {general !== null && <ErrorAlert error={general} />}
    </section>
  );
}
