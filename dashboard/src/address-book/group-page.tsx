// One group: its members (added by a search of the contacts, removed one by one), renamed, or deleted.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZGroupBody } from '../../../core/inputs/groups.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { Stats } from '../ui/stats.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';

import { AddMembers, GroupMembers } from './group-members.tsx';
import { useAction } from '../ui/use-action.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';

type Group = Outputs['groups']['list']['groups'][number];

export function GroupDetailPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  const can = useCan();
  // The groups' list is the one read of a group (a group of 500 at most): the page picks its own from it.
  const groups = useQuery(trpc.groups.list.queryOptions());
  return (
    <Page title="Group" actions={<a href={href('/groups')}>Back to groups</a>}>
      <QueryState query={groups} label="Loading the group">
        {(data) => {
          const group = data.groups.find((g) => g.id === id);
          if (!group) return <p className="empty">There is no such group; it may have been deleted.</p>;
          return (
            <>
              <section className="card" aria-labelledby="group-heading">
                <h2 id="group-heading">{group.name}</h2>
                <Stats
                  items={[
                    { label: 'Members', value: group.members.toLocaleString('en-US') },
                    { label: 'Created', value: formatDateTime(group.created_at) },
                    { label: 'Changed', value: formatDateTime(group.updated_at) },
                  ]}
                />
              </section>
              <GroupMembers group={group} />
              {can('contacts.write') && <AddMembers group={group} />}
              {can('contacts.write') && <RenameGroup group={group} />}
              {can('contacts.write') && <DeleteGroup group={group} />}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}

function RenameGroup({ group }: { group: Group }) {
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({ schema: ZGroupBody, defaultValues: { name: group.name }, toInput: ({ name }: { name: string }) => ({ name: name.trim() }) });
  const rename = useAction(trpc.groups.rename.mutationOptions(), {
    invalidates: [trpc.groups.pathKey()],
    onSuccess: () => setSaved(true),
  });
  const general = useServerRefusal(form, rename.error, ['name']);
  const onSubmit = form.handleSubmit((input) => {
    setSaved(false);
    rename.run({ id: group.id, ...input });
  });
  return (
    <section className="card" aria-labelledby="rename-heading">
      <h2 id="rename-heading">Rename</h2>
      {saved && (
        <p className="alert alert-success" role="status">
          Group renamed.
        </p>
      )}
      <form className="ab-inline-form" onSubmit={onSubmit} noValidate>
        <Field label="New name" error={form.formState.errors.name?.message}>
          {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
        </Field>
        <button type="submit" className="button" disabled={rename.isPending}>
          {rename.isPending ? 'Renaming…' : 'Rename group'}
        </button>
      </form>
      {general !== null && <ErrorAlert error={general} />}
    </section>
  );
}

function DeleteGroup({ group }: { group: Group }) {
  const remove = useAction(trpc.groups.delete.mutationOptions(), {
    invalidates: [trpc.groups.pathKey(), trpc.contacts.pathKey()],
    onSuccess: () => navigate('/groups'),
  });
  return (
    <section className="card" aria-labelledby="delete-group-heading">
      <h2 id="delete-group-heading">Delete</h2>
      <p className="hint">The group and its memberships go; its contacts stay in the address book. Campaign drafts that use it lose it.</p>
      <ConfirmAction
        label="Delete group"
        question={`Delete the group “${group.name}” (${group.members.toLocaleString('en-US')} members)? This cannot be undone.`}
        confirmLabel="Yes, delete the group"
        onConfirm={() => remove.run({ id: group.id })}
        pending={remove.isPending}
        error={remove.error}
      />
    </section>
  );
}
