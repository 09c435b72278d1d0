// Adding members in bulk: contacts found by a part of their name or number, many ticked (a whole page at once, and
// across pages and searches), then added in one call, all or nothing.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_MEMBERS_AT_ONCE, ZMemberCandidatesQuery } from '../../../core/inputs/groups.ts';
import { MAX_CONTACT_SEARCH } from '../../../core/domain/contact-search.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { errorField, errorMessage } from '../errors.ts';
import { formatCount } from '../format/locale.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { Pager, useKeysetPages } from '../ui/pager.tsx';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm } from '../ui/form.ts';
import { membershipChanges, type Group } from './group-members.tsx';

type Candidate = Outputs['groups']['memberCandidates']['contacts'][number];
type Added = Outputs['groups']['addManyMembers'];

const PAGE_SIZE = 25;
const ZSearch = ZMemberCandidatesQuery.pick({ search: true });

export function AddManyMembers({ group }: { group: Group }) {
  const { t } = useTranslation('addressBook');
  const [search, setSearch] = useState('');
  // Ticked contacts' ids: kept while the member pages and searches again, until they are added or cleared.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<Added | null>(null);
  const pages = useKeysetPages(search);
  const form = useSchemaForm({ schema: ZSearch, defaultValues: { search: '' }, toInput: ({ search: s }: { search: string }) => ({ search: s.trim() }) });
  const found = useQuery({
    ...trpc.groups.memberCandidates.queryOptions({ id: group.id, search, limit: PAGE_SIZE, before: pages.before }),
    enabled: search !== '',
  });
  const add = useAction(trpc.groups.addManyMembers.mutationOptions(), {
    invalidates: membershipChanges,
    onSuccess: (answer) => {
      setAdded(answer);
      setSelected(new Set());
    },
  });
  const searchError = form.formState.errors.search?.message ?? (errorField(found.error) === 'search' ? errorMessage(found.error) : undefined);
  const toggle = (rows: readonly Candidate[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const c of rows)
        if (on) next.add(c.id);
        else next.delete(c.id);
      return next;
    });
  const columns: Column<Candidate>[] = [
    {
      header: t('addMany.select'),
      cell: (c) =>
        c.member ? (
          <span className="hint">{t('addMany.inGroup')}</span>
        ) : (
          <input
            type="checkbox"
            className="ab-check"
            aria-label={t('addMany.selectOne', { phone: c.phone })}
            checked={selected.has(c.id)}
            onChange={(e) => toggle([c], e.target.checked)}
          />
        ),
    },
    {
      header: t('number'),
      cell: (c) => (
        <a className="nowrap" href={href(`/contacts/${c.id}`)}>
          {c.phone}
        </a>
      ),
    },
    { header: t('name'), cell: (c) => c.name ?? '—' },
  ];
  const tooMany = selected.size > MAX_MEMBERS_AT_ONCE;
  return (
    <section className="card" aria-labelledby="add-heading">
      <h2 id="add-heading">{t('addMany.heading')}</h2>
      <form
        className="ab-inline-form"
        role="search"
        aria-label={t('addMany.find')}
        noValidate
        onSubmit={form.handleSubmit((input) => {
          setAdded(null);
          setSearch(input.search);
        })}
      >
        <Field label={t('addMany.search')} error={searchError} hint={t('addMany.searchHint')}>
          {(c) => <input {...c} {...form.register('search')} type="search" maxLength={MAX_CONTACT_SEARCH} autoComplete="off" />}
        </Field>
        <button type="submit" className="button button-secondary">
          {t('addMany.findButton')}
        </button>
      </form>
      {added && (
        <p className="alert alert-success" role="status">
          {t('addMany.added', { count: added.added, formatted: formatCount(added.added) })}
          {added.already_members > 0 && ` ${t('addMany.already', { count: added.already_members, formatted: formatCount(added.already_members) })}`}
        </p>
      )}
      {search && !searchError && (
        <QueryState query={found} label={t('addMany.searching')}>
          {(data) => {
            const open = data.contacts.filter((c) => !c.member);
            const allOn = open.length > 0 && open.every((c) => selected.has(c.id));
            return (
              <>
                {open.length > 0 && (
                  <label className="choice">
                    <input type="checkbox" className="ab-check" checked={allOn} onChange={(e) => toggle(open, e.target.checked)} /> {t('addMany.selectPage')}
                  </label>
                )}
                <DataTable caption={t('addMany.caption')} columns={columns} rows={data.contacts} rowKey={(c) => c.id} empty={t('addMany.none')} />
                <Pager label={t('addMany.pages')} pages={pages} next={data.next_before} />
              </>
            );
          }}
        </QueryState>
      )}
      {add.error ? <ErrorAlert error={add.error} /> : null}
      {selected.size > 0 && (
        <div className="ab-actions">
          <button
            type="button"
            className="button"
            disabled={add.isPending || tooMany}
            onClick={() => add.run({ id: group.id, contact_ids: [...selected] })}
          >
            {add.isPending ? t('addMany.adding') : t('addMany.submit', { count: selected.size, formatted: formatCount(selected.size) })}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setSelected(new Set())}>
            {t('addMany.clear')}
          </button>
          {tooMany && <span className="field-error">{t('addMany.tooMany', { max: formatCount(MAX_MEMBERS_AT_ONCE) })}</span>}
        </div>
      )}
    </section>
  );
}
