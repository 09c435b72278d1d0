// A CSV download of a range of days (EAT): the first and last day chosen here, the address asked of the service
// (an exportLink procedure, which checks the range), then a plain link. The browser sends the member's session
// cookie with it; a GET needs no CSRF token, and the REST route checks the member's permission as the list does.
import { useState, type ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { darDay, dayEnd } from '../format/time.ts';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';

/** The days as the service takes them: `from` the first day, `to` the day after the last (its midnight in EAT). */
export interface DayRange {
  from: string;
  to: string;
}

/** The last 30 days up to today in Dar es Salaam: where a range starts when the list names none. */
export function lastDays(days = 30, now = new Date()): { first: string; last: string } {
  const first = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { first: darDay(first), last: darDay(now) };
}

interface DayRangeExportProps<TError, TKey extends readonly unknown[]> {
  id: string;
  heading: string;
  first: string;
  last: string;
  /** The query of an exportLink procedure for the range (its error and key types are the procedure's own). */
  link: (range: DayRange) => UseQueryOptions<{ url: string }, TError, { url: string }, TKey>;
  children: ReactNode;
}

export function DayRangeExport<TError, TKey extends readonly unknown[]>({ id, heading, first: initialFirst, last: initialLast, link, children }: DayRangeExportProps<TError, TKey>) {
  const { t } = useTranslation('messages');
  const [first, setFirst] = useState(initialFirst);
  const [last, setLast] = useState(initialLast);
  const ordered = first !== '' && last !== '' && first <= last;
  const url = useQuery({ ...link({ from: first, to: last ? dayEnd(last) : '' }), enabled: ordered });
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <div className="filters">
        <Field label={t('export.from')}>{(c) => <input {...c} type="date" value={first} max={last || undefined} onChange={(e) => setFirst(e.target.value)} />}</Field>
        <Field label={t('export.until')} error={first && last && !ordered ? t('export.order') : undefined}>
          {(c) => <input {...c} type="date" value={last} min={first || undefined} onChange={(e) => setLast(e.target.value)} />}
        </Field>
      </div>
      {ordered && (
        <QueryState query={url} label={t('export.preparing')}>
          {({ url: address }) => (
            <p>
              <a className="button button-secondary" href={address} download>
                {t('export.download')}
              </a>
            </p>
          )}
        </QueryState>
      )}
      <p className="hint">{children}</p>
    </section>
  );
}
