// The reports page: messages, delivery rate and spend by day and by operator over a range of days in Dar es
// Salaam, from GraphQL's deliveryReport (the figures an analyst's query gets), each chart with its table.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes.tsx';
import { navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import { trpc } from '../trpc.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { darDay } from '../format/days.ts';
import { deliveryReportQuery, type ReportRange } from './delivery-report.ts';
import { ReportSection } from './report-section.tsx';
import '../styles/reports.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_DAYS = 14;

/** The range in the address (#/reports?from=…&to=…&mode=test), else the last two weeks of live messages. */
function rangeOf(query: URLSearchParams, now: Date): ReportRange {
  const to = DAY.test(query.get('to') ?? '') ? query.get('to')! : darDay(now);
  const defaultFrom = darDay(new Date(Date.parse(`${to}T12:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  const from = DAY.test(query.get('from') ?? '') ? query.get('from')! : defaultFrom;
  return { from, to, test: query.get('mode') === 'test' };
}

export function ReportsPage({ query }: PageProps) {
  const { t } = useTranslation('reports');
  // Today is the service's day in Dar es Salaam, not the browser's (a computer's clock may be wrong).
  const status = useQuery(trpc.platform.status.queryOptions());
  return (
    <Page title={t('title')}>
      <p className="hint">{t('intro')}</p>
      <QueryState query={status}>{(s) => <Report range={rangeOf(query, new Date(s.time))} />}</QueryState>
    </Page>
  );
}

function Report({ range }: { range: ReportRange }) {
  const { t } = useTranslation('reports');
  const can = useCan();
  const withSpend = can('wallet.read');
  const byDay = useQuery(deliveryReportQuery(range, 'DAY', withSpend));
  const byOperator = useQuery(deliveryReportQuery(range, 'OPERATOR', withSpend));
  return (
    <>
      {/* The form starts anew when the address changes (back, a link), so it shows the range shown. */}
      <RangeForm key={JSON.stringify(range)} range={range} />
      <QueryState query={byDay} label={t('title')}>
        {(rows) => <ReportSection by="day" title={t('byDay')} range={range} rows={rows} withSpend={withSpend} />}
      </QueryState>
      <QueryState query={byOperator} label={t('title')}>
        {(rows) => <ReportSection by="operator" title={t('byOperator')} range={range} rows={rows} withSpend={withSpend} />}
      </QueryState>
    </>
  );
}

function RangeForm({ range }: { range: ReportRange }) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState(range);
  const [refused, setRefused] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.to < draft.from) return setRefused(true);
    setRefused(false);
    navigate('/reports', { from: draft.from, to: draft.to, mode: draft.test ? 'test' : undefined });
  };
  return (
    <form className="filters card report-range" aria-label={t('range.label')} onSubmit={submit}>
      <Field label={t('range.from')}>
        {(c) => <input {...c} type="date" name="from" required value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />}
      </Field>
      <Field label={t('range.to')} error={refused ? t('range.toBeforeFrom') : undefined}>
        {(c) => <input {...c} type="date" name="to" required value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />}
      </Field>
      <Field label={t('range.mode')}>
        {(c) => (
          <select {...c} name="mode" value={draft.test ? 'test' : 'live'} onChange={(e) => setDraft({ ...draft, test: e.target.value === 'test' })}>
            <option value="live">{t('range.live')}</option>
            <option value="test">{t('range.test')}</option>
          </select>
        )}
      </Field>
      <div className="filter-actions">
        <button type="submit" className="button">
          {t('range.show')}
        </button>
      </div>
    </form>
  );
}
