// A list with its filters, table and keyset pages: the filters are data, kept in the page's address so that a
// filtered list can be shared and survives a reload; a change of filter goes back to the newest page.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigate } from '../router.ts';
import { errorField, errorMessage } from '../errors.ts';
import { Field } from './field.tsx';
import { QueryState } from './query-state.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { Pager, useKeysetPages } from './pager.tsx';
import { formatCount } from '../format/locale.ts';

interface FilterBase {
  /** Its parameter in the address. */
  name: string;
  label: string;
  hint?: string;
  /** The input field the server names when it refuses this filter's value (default: name). */
  field?: string;
}

export type FilterField =
  | (FilterBase & { type: 'select'; options: readonly { value: string; label: string }[]; defaultValue?: string })
  | (FilterBase & { type: 'search' | 'text' | 'date'; inputMode?: 'tel'; maxLength?: number; suggestions?: readonly string[] });

/** The filters' values as the address has them; a filter absent from it is '' (or its default). */
export type FilterValues = Record<string, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilterValues(filters: readonly FilterField[], query: URLSearchParams): FilterValues {
  const values: FilterValues = {};
  for (const f of filters) {
    const raw = query.get(f.name) ?? '';
    if (f.type === 'select') values[f.name] = f.options.some((o) => o.value === raw) ? raw : (f.defaultValue ?? '');
    else if (f.type === 'date') values[f.name] = DAY.test(raw) ? raw : '';
    else values[f.name] = raw;
  }
  return values;
}

/** A filter at its default is left out of the address, so the plain list keeps its plain address. */
function addressOf(filters: readonly FilterField[], values: FilterValues): Record<string, string | undefined> {
  const address: Record<string, string | undefined> = {};
  for (const f of filters) {
    const value = (values[f.name] ?? '').trim();
    address[f.name] = value && value !== (f.type === 'select' ? f.defaultValue : undefined) ? value : undefined;
  }
  return address;
}

export interface FilteredListProps<TData, TRow, TError, TKey extends QueryKey> {
  /** The page's path, whose address holds the filters. */
  path: string;
  query: URLSearchParams;
  filters: readonly FilterField[];
  /** What the list holds, for the names of its form, table and pages ("messages": "Filter messages"). */
  noun: string;
  /** The procedure's query for these filters and this page (`trpc.x.list.queryOptions(...)`). */
  list: (values: FilterValues, before: string | undefined) => UseQueryOptions<TData, TError, TData, TKey>;
  rows: (data: TData) => readonly TRow[];
  /** Where the next page starts (the answer's next_before), or null on the last page. */
  next: (data: TData) => string | null;
  /** The columns, or the columns made from the page shown (a row's action that needs its neighbours). */
  columns: readonly Column<TRow>[] | ((data: TData) => readonly Column<TRow>[]);
  rowKey: (row: TRow) => string;
  caption: string;
  empty: string | ((values: FilterValues) => string);
}

export function FilteredList<TData, TRow, TError, TKey extends QueryKey>(props: FilteredListProps<TData, TRow, TError, TKey>) {
  const { t } = useTranslation('common');
  const { filters, noun } = props;
  const values = readFilterValues(filters, props.query);
  const pages = useKeysetPages(JSON.stringify(values));
  const list = useQuery(props.list(values, pages.before));
  // A refused filter (a search that is not the start of a number) is said at its field, instead of the results.
  const refused = filters.find((f) => (f.field ?? f.name) === errorField(list.error));
  const errors = refused ? { [refused.name]: errorMessage(list.error) } : {};
  const headingId = `${props.path.replace(/\W+/g, '')}-results`;
  return (
    <>
      {filters.length > 0 && <Filters path={props.path} filters={filters} values={values} errors={errors} noun={noun} />}
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {t('results')}
        </h2>
        {refused ? null : (
          <QueryState query={list} label={t('loadingWhat', { what: noun })}>
            {(data) => (
              <>
                <DataTable
                  caption={props.caption}
                  columns={typeof props.columns === 'function' ? props.columns(data) : props.columns}
                  rows={props.rows(data)}
                  rowKey={props.rowKey}
                  empty={typeof props.empty === 'string' ? props.empty : props.empty(values)}
                />
                <Pager label={t('pagesOf', { what: noun })} pages={pages} next={props.next(data)} />
              </>
            )}
          </QueryState>
        )}
      </section>
    </>
  );
}

/** More filters than this fold behind a button on a phone. */
const FOLD_AFTER = 2;

interface FiltersProps {
  path: string;
  filters: readonly FilterField[];
  values: FilterValues;
  errors: Record<string, string>;
  noun: string;
}

function Filters({ path, filters, values, errors, noun }: FiltersProps) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState(values);
  const [open, setOpen] = useState(false);
  const current = JSON.stringify(values);
  // The address may change without this list being made again (back, a link): the form follows it.
  useEffect(() => setDraft(JSON.parse(current) as FilterValues), [current]);
  const set = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const active = Object.values(addressOf(filters, values)).filter(Boolean).length;
  const foldable = filters.length > FOLD_AFTER;
  const formId = `${path.replace(/\W+/g, '')}-filters`;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    navigate(path, addressOf(filters, draft));
  };
  return (
    <>
      {foldable && (
        <button type="button" className="button button-secondary filters-toggle" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((o) => !o)}>
          {active ? t('filtersOn', { n: formatCount(active) }) : t('filters')}
        </button>
      )}
      <form id={formId} className={['filters card', foldable ? 'filters-foldable' : '', open ? 'open' : ''].filter(Boolean).join(' ')} role="search" aria-label={t('filterWhat', { what: noun })} onSubmit={apply}>
        {filters.map((f) => (
          <Field key={f.name} label={f.label} hint={f.hint} error={errors[f.name]}>
            {(c) => <FilterControl control={c} filter={f} value={draft[f.name] ?? ''} onChange={(v) => set(f.name, v)} />}
          </Field>
        ))}
        <div className="filter-actions">
          <button type="submit" className="button">
            {t('apply')}
          </button>
          {active > 0 && (
            <button type="button" className="button button-secondary" onClick={() => navigate(path)}>
              {t('clear')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}

interface FilterControlProps {
  control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };
  filter: FilterField;
  value: string;
  onChange: (value: string) => void;
}

function FilterControl({ control, filter: f, value, onChange }: FilterControlProps) {
  if (f.type === 'select') {
    return (
      <select {...control} name={f.name} value={value} onChange={(e) => onChange(e.target.value)}>
        {f.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  const listId = f.suggestions ? `${control.id}-suggestions` : undefined;
  return (
    <>
      <input
        {...control}
        name={f.name}
        type={f.type}
        inputMode={f.inputMode}
        maxLength={f.maxLength}
        list={listId}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {f.suggestions && (
        <datalist id={listId}>
          {f.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </>
  );
}
