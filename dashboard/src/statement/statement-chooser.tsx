// The wallet page's way to a monthly statement: a month (the current one and the 12 before it, by the service's
// clock in Dar es Salaam, not the computer's), then the printable page or the CSV.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { eatMonthOf, recentMonths } from '../../../core/domain/wallet-statement.ts';
import { formatMonth, statementFile, statementPage } from './month.ts';

const MONTHS_BEFORE = 12;

export function StatementChooser() {
  const { t } = useTranslation('statement');
  const status = useQuery(trpc.platform.status.queryOptions());
  return (
    <section className="card" aria-labelledby="statement-chooser-heading">
      <h2 id="statement-chooser-heading">{t('chooser.heading')}</h2>
      <QueryState query={status}>{(s) => <MonthLinks months={recentMonths(eatMonthOf(new Date(s.time)), MONTHS_BEFORE)} />}</QueryState>
      <p className="hint">{t('chooser.whatIsIn')}</p>
    </section>
  );
}

function MonthLinks({ months }: { months: readonly string[] }) {
  const { t } = useTranslation('statement');
  const [month, setMonth] = useState(months[0]!);
  return (
    <div className="filters">
      <Field label={t('chooser.month')}>
        {(c) => (
          <select {...c} value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="filter-actions statement-actions">
        <a className="button" href={statementPage(month)}>
          {t('chooser.open')}
        </a>
        <a className="button button-secondary" href={statementFile(month)} download>
          {t('chooser.download')}
        </a>
      </p>
    </div>
  );
}
