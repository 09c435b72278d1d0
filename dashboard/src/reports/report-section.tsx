// The report by one dimension: its three figures (messages, delivery rate, spend), each a chart with its table.
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dateTimeFormat, formatCount, numberFormat } from '../format/locale.ts';
import { formatTzs } from '../format/money.ts';
import type { ChartBar } from './bar-chart.tsx';
import { ChartFigure } from './chart-figure.tsx';
import type { ReportRange, ReportRow } from './delivery-report.ts';

export type By = 'day' | 'operator';

const OPERATORS = ['vodacom', 'airtel', 'yas', 'halotel', 'ttcl', 'other'] as const;

/** Every day of the range, a day without messages counting none, so that the days keep their places. */
function days(range: ReportRange): string[] {
  const out: string[] = [];
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= Date.parse(`${range.to}T00:00:00Z`); at += 86_400_000) out.push(new Date(at).toISOString().slice(0, 10));
  return out;
}

/** A report day (YYYY-MM-DD, a day in Dar es Salaam) as its name: read at UTC midnight, so no zone moves it. */
const dayName = (day: string, withYear: boolean) => dateTimeFormat({ timeZone: 'UTC', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(new Date(`${day}T00:00:00Z`));

interface Row {
  key: string;
  label: string;
  axisLabel: string;
  found: ReportRow | undefined;
}

function rowsOf(by: By, range: ReportRange, found: readonly ReportRow[], t: TFunction<['reports', 'codes']>): Row[] {
  if (by === 'day') {
    const byDay = new Map(found.map((r) => [r.day, r]));
    return days(range).map((d) => ({ key: d, label: dayName(d, true), axisLabel: dayName(d, false), found: byDay.get(d) }));
  }
  const byOperator = new Map(found.map((r) => [r.operator?.toLowerCase(), r]));
  // Operators without messages are left out: a bar of nothing for each of six names says little.
  return OPERATORS.filter((o) => byOperator.has(o)).map((o) => ({ key: o, label: t(`codes:${o}`), axisLabel: t(`codes:${o}`), found: byOperator.get(o) }));
}

const percent = (rate: number, digits: number) => numberFormat({ style: 'percent', maximumFractionDigits: digits }).format(rate);
/** An axis's amount in shillings, compact ("12K"): the exact amounts are in the table. */
const compactTzs = (cents: number) => numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(cents / 100);

export interface ReportSectionProps {
  by: By;
  title: string;
  range: ReportRange;
  rows: readonly ReportRow[];
  withSpend: boolean;
}

export function ReportSection({ by, title, range, rows: found, withSpend }: ReportSectionProps) {
  const { t } = useTranslation(['reports', 'codes']);
  const rows = rowsOf(by, range, found, t);
  const headingId = `report-by-${by}`;
  const total = found.reduce((n, r) => n + r.messages, 0);
  const figure = (what: string, name: string) => ({
    title: t('tableOf', { what, by: t(by) }),
    chartLabel: t('chartOf', { what, by: t(by) }),
    rowHeader: t(`columns.${by}`),
    valueHeader: what,
    name: `${name}-by-${by}`,
  });
  const bar = (r: Row, value: number | null, text: string): ChartBar => ({ key: r.key, label: r.label, short: r.axisLabel, value, text });
  return (
    <section className="report-section" aria-labelledby={headingId} data-report={by}>
      <h2 id={headingId}>{title}</h2>
      {by === 'day' && <p className="hint">{t('summary', { count: total, shown: formatCount(total), from: dayName(range.from, true), to: dayName(range.to, true) })}</p>}
      {total === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <div className="report-figures">
          <ChartFigure
            {...figure(t('charts.messages'), 'messages')}
            bars={rows.map((r) => bar(r, r.found?.messages ?? 0, formatCount(r.found?.messages ?? 0)))}
            tick={(v) => formatCount(v)}
            tickUnit={1}
          />
          <ChartFigure
            {...figure(t('charts.deliveryRate'), 'delivery-rate')}
            hint={t('rateHint')}
            bars={rows.map((r) => {
              const rate = r.found?.deliveryRate ?? null;
              return bar(r, rate, rate === null ? t('noOutcome') : percent(rate, 1));
            })}
            tick={(v) => percent(v, 0)}
            atLeast={1}
          />
          {withSpend && (
            <ChartFigure
              {...figure(t('charts.spend'), 'spend')}
              hint={t('spendHint')}
              bars={rows.map((r) => bar(r, r.found?.spendCents ?? 0, formatTzs(r.found?.spendCents ?? 0)))}
              tick={compactTzs}
              tickUnit={100}
            />
          )}
        </div>
      )}
    </section>
  );
}
