// One group: its members (found by name or number and added many at once, removed one by one), renamed, or deleted.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZGroupBody } from '../../../core/inputs/groups.ts';
import { trpc } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { formatCount } from '../format/locale.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { Stats } from '../ui/stats.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { GroupMembers, type Group } from './group-members.tsx';
import { AddManyMembers } from './group-add-many.tsx';
import { useAction } from '../ui/use-action.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';

export function GroupDetailPage({ params }: PageProps) {
  const { t } = useTranslation('addressBook');
  const id = params['id'] ?? '';
  const can = useCan();
  // The groups' list is the one read of a group (a group of 500 at most): the page picks its own from it.
  const groups = useQuery(trpc.groups.list.queryOptions());
  return (
    <Page title={t('group.title')} actions={<a href={href('/groups')}>{t('group.back')}</a>}>
      <QueryState query={groups} label={t('group.loading')}>
        {(data) => {
          const group = data.groups.find((g) => g.id === id);
          if (!group) return <p className="empty">{t('group.missing')}</p>;
          return (
            <>
              <section className="card" aria-labelledby="group-heading">
                <h2 id="group-heading">{group.name}</h2>
                <Stats
                  items={[
                    { label: t('members.heading'), value: formatCount(group.members) },
                    { label: t('group.created'), value: formatDateTime(group.created_at) },
                    { label: t('group.changed'), value: formatDateTime(group.updated_at) },
                  ]}
                />
              </section>
              <GroupMembers group={group} />
              {can('contacts.write') && <AddManyMembers group={group} />}
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
  const { t } = useTranslation('addressBook');
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
      <h2 id="rename-heading">{t('group.rename')}</h2>
      {saved && (
        <p className="alert alert-success" role="status">
          {t('group.renamed')}
        </p>
      )}
      <form className="ab-inline-form" onSubmit={onSubmit} noValidate>
        <Field label={t('group.newName')} error={form.formState.errors.name?.message}>
          {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
        </Field>
        <button type="submit" className="button" disabled={rename.isPending}>
          {rename.isPending ? t('group.renaming') : t('group.renameButton')}
        </button>
      </form>
      {general !== null && <ErrorAlert error={general} />}
    </section>
  );
}

function DeleteGroup({ group }: { group: Group }) {
  const { t } = useTranslation('addressBook');
  const remove = useAction(trpc.groups.delete.mutationOptions(), {
    invalidates: [trpc.groups.pathKey(), trpc.contacts.pathKey()],
    onSuccess: () => navigate('/groups'),
  });
  return (
    <section className="card" aria-labelledby="delete-group-heading">
      <h2 id="delete-group-heading">{t('group.delete')}</h2>
      <p className="hint">{t('group.deleteHint')}</p>
      <ConfirmAction
        label={t('group.deleteButton')}
        question={t('group.deleteQuestion', { name: group.name, count: group.members, formatted: formatCount(group.members) })}
        confirmLabel={t('group.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={() => remove.run({ id: group.id })}
        pending={remove.isPending}
        error={remove.error}
      />
    </section>
  );
}
