// Groups by name with their member counts, and a form to create one (one idempotency key per group).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZGroupBody } from '../../../core/inputs/groups.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { formatCount } from '../format/locale.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';

import { useAction } from '../ui/use-action.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';

type Group = Outputs['groups']['list']['groups'][number];

export function GroupsPage() {
  const { t } = useTranslation('addressBook');
  const can = useCan();
  const groups = useQuery(trpc.groups.list.queryOptions());
  const columns: readonly Column<Group>[] = [
    { header: t('name'), cell: (g) => <a href={href(`/groups/${g.id}`)}>{g.name}</a> },
    { header: t('members.heading'), cell: (g) => formatCount(g.members), numeric: true },
    { header: t('group.changed'), cell: (g) => formatDateTime(g.updated_at) },
  ];
  return (
    <Page title={t('groups.title')}>
      <p className="lead">{t('groups.lead')}</p>
      {can('contacts.write') && <CreateGroup />}
      <section aria-labelledby="groups-list">
        <h2 id="groups-list">{t('groups.all')}</h2>
        <QueryState query={groups} label={t('groups.loading')}>
          {(data) => <DataTable caption={t('groups.caption')} columns={columns} rows={data.groups} rowKey={(g) => g.id} empty={t('groups.none')} />}
        </QueryState>
      </section>
    </Page>
  );
}

function CreateGroup() {
  const { t } = useTranslation('addressBook');
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
      <h2 id="create-group">{t('groups.create')}</h2>
      {created && (
        <p className="alert alert-success" role="status">
          {t('groups.created')} <a href={href(`/groups/${created.id}`)}>{created.name}</a>
        </p>
      )}
      <form className="ab-inline-form" onSubmit={onSubmit} noValidate>
        <Field label={t('groups.name')} error={form.formState.errors.name?.message} hint={t('groups.nameHint')}>
          {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
        </Field>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? t('groups.creating') : t('groups.createButton')}
        </button>
      </form>
      {general !== null && <ErrorAlert error={general} />}
    </section>
  );
}
