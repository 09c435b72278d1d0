// The import's second step: what the file holds (its delimiter, columns and first rows), read before choosing columns.
import { useTranslation } from 'react-i18next';
import type { Outputs } from '../trpc.ts';
import { formatCount } from '../format/locale.ts';
import { Stats } from '../ui/stats.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';

type Answer = Outputs['imports']['get'];
const DELIMITERS = ['comma', 'semicolon', 'tab'] as const;

export function FileSummary({ answer }: { answer: Answer }) {
  const { t } = useTranslation(['addressBook', 'codes']);
  const { import: imp, sample } = answer;
  const columns = imp.columns ?? [];
  const delimiter = DELIMITERS.find((d) => d === imp.delimiter);
  const sampleColumns: Column<string[]>[] = columns.map((name, i) => ({ header: name.trim() || t('file.column', { n: i + 1 }), cell: (row) => row[i] ?? '' }));
  return (
    <section className="card" aria-labelledby="file-heading">
      <h2 id="file-heading">{t('steps.check')}</h2>
      <Stats
        items={[
          { label: t('file.file'), value: imp.filename ?? '—' },
          { label: t('file.delimiter'), value: delimiter ? t(`codes:${delimiter}`) : (imp.delimiter ?? '—') },
          { label: t('file.rows'), value: formatCount(imp.rows) },
          { label: t('file.columns'), value: formatCount(columns.length) },
        ]}
      />
      <h3>{t('file.columns')}</h3>
      <ul className="ab-chips" aria-label={t('file.columnsOf')}>
        {columns.map((c, i) => (
          <li key={i}>{c}</li>
        ))}
      </ul>
      <h3>{t('file.firstRows')}</h3>
      {sample === null ? (
        <p className="hint">{t('file.rowsHidden')}</p>
      ) : (
        <DataTable caption={t('file.sampleCaption', { count: sample.length })} columns={sampleColumns} rows={sample} rowKey={(_r, i) => String(i)} empty={t('file.noRows')} />
      )}
    </section>
  );
}
