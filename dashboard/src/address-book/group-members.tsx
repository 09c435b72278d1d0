// A group's members, keyset pages of them, each removable.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { useAction } from '../ui/use-action.ts';

export type Group = Outputs['groups']['list']['groups'][number];
type Contact = Outputs['contacts']['list']['contacts'][number];

const PAGE_SIZE = 25;

/** Members and counts change together: both lists are asked again. */
export const membershipChanges = () => [trpc.contacts.pathKey(), trpc.groups.pathKey()];

export function GroupMembers({ group }: { group: Group }) {
  const { t } = useTranslation('addressBook');
  const can = useCan();
  const pages = useKeysetPages(group.id);
  const members = useQuery(trpc.contacts.list.queryOptions({ group_id: group.id, limit: PAGE_SIZE, before: pages.before }));
  const remove = useAction(trpc.groups.removeMembers.mutationOptions(), { invalidates: membershipChanges });
  const removing = remove.isPending ? remove.variables.contact_ids[0] : undefined;
  const columns: Column<Contact>[] = [
    { header: t('number'), cell: (c) => <a className="nowrap" href={href(`/contacts/${c.id}`)}>{c.phone}</a> },
    { header: t('name'), cell: (c) => c.name ?? '—' },
  ];
  if (can('contacts.write')) {
    columns.push({
      header: t('action'),
      cell: (c) => (
        <button type="button" className="button button-secondary ab-small" disabled={removing === c.id} onClick={() => remove.run({ id: group.id, contact_ids: [c.id] })}>
          {t('members.remove')} <span className="visually-hidden">{t('members.removeWhom', { phone: c.phone })}</span>
        </button>
      ),
    });
  }
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">{t('members.heading')}</h2>
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      <QueryState query={members} label={t('members.loading')}>
        {(data) => (
          <>
            <DataTable caption={t('members.caption', { name: group.name })} columns={columns} rows={data.contacts} rowKey={(c) => c.id} empty={t('members.none')} />
            <Pager label={t('members.pages')} pages={pages} next={data.next_before} />
          </>
        )}
      </QueryState>
    </section>
  );
}
