// The import's last steps: the counts as the processing runs, then the result with the invalid rows' report.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { formatDateTime } from '../format/time.ts';
import { formatCount } from '../format/locale.ts';
import { Stats } from '../ui/stats.tsx';
import { QueryState } from '../ui/query-state.tsx';

type ContactImport = Outputs['imports']['get']['import'];

/** The counts in the order a member reads them, named in plain words. */
function countItems(t: TFunction<'addressBook'>, imp: ContactImport) {
  const c = imp.counts;
  return [
    { label: t('counts.rows'), value: formatCount(imp.rows) },
    { label: t('counts.processed'), value: formatCount(c.processed) },
    { label: t('counts.created'), value: formatCount(c.created) },
    { label: t('counts.existing'), value: formatCount(c.existing) },
    { label: t('counts.duplicate'), value: formatCount(c.duplicate) },
    { label: t('counts.invalid'), value: formatCount(c.invalid) },
    { label: t('counts.optedOut'), value: formatCount(c.opted_out) },
    { label: t('counts.consentRecorded'), value: formatCount(c.consent_recorded) },
  ];
}

export function ProgressStep({ imp }: { imp: ContactImport }) {
  const { t } = useTranslation('addressBook');
  const done = imp.counts.processed;
  return (
    <section className="card" aria-labelledby="progress-heading">
      <h2 id="progress-heading">{t('progress.heading')}</h2>
      <div className="ab-progress">
        <label htmlFor="import-progress">{imp.state === 'queued' ? t('progress.waiting') : t('progress.done', { done: formatCount(done), rows: formatCount(imp.rows) })}</label>
        <progress id="import-progress" max={Math.max(imp.rows, 1)} value={done}>
          {t('progress.of', { done: formatCount(done), rows: formatCount(imp.rows) })}
        </progress>
      </div>
      <div aria-live="polite">
        <Stats items={countItems(t, imp)} />
      </div>
      <p className="hint">{t('progress.leave')}</p>
    </section>
  );
}

/** The file's columns the import did not keep (left out on purpose, or not mapped), from its mapping. */
function columnsLeftOut(imp: ContactImport): string[] {
  const listed = (key: string) => {
    const value = imp.mapping?.[key];
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  };
  return [...listed('ignored_columns'), ...listed('unmapped_columns')];
}

export function ResultStep({ imp }: { imp: ContactImport }) {
  const { t } = useTranslation('addressBook');
  const failed = imp.state === 'failed';
  const message = typeof imp.error?.['message'] === 'string' ? imp.error['message'] : null;
  const leftOut = columnsLeftOut(imp);
  return (
    <section className="card" aria-labelledby="result-heading">
      <h2 id="result-heading">{failed ? t('result.failed') : imp.state === 'expired' ? t('result.expired') : t('result.completed')}</h2>
      {failed && (
        <div className="alert alert-error" role="alert">
          <p>{message ?? t('result.notProcessed')}</p>
        </div>
      )}
      {imp.state === 'expired' && <p className="note note-danger">{t('result.expiredNote')}</p>}
      <div role="status">
        <Stats items={countItems(t, imp)} />
      </div>
      <p className="hint">{t('result.finished', { at: formatDateTime(imp.completed_at) })}</p>
      {leftOut.length > 0 && <p className="hint">{t('extra.leftOut', { count: leftOut.length, columns: leftOut.join(', ') })}</p>}
      {imp.counts.invalid > 0 && <InvalidRowsLink imp={imp} />}
      <p className="ab-actions">
        {imp.group_id && <a href={href(`/groups/${imp.group_id}`)}>{t('result.openGroup')}</a>}
        <a href={href('/contacts')}>{t('result.toContacts')}</a>
        <a href={href('/imports')}>{t('imports.all')}</a>
      </p>
    </section>
  );
}

function InvalidRowsLink({ imp }: { imp: ContactImport }) {
  const { t } = useTranslation('addressBook');
  const link = useQuery(trpc.imports.invalidRowsLink.queryOptions({ id: imp.id }));
  return (
    <QueryState query={link} label={t('result.preparing')}>
      {({ url }) => (
        <p>
          <a className="button button-secondary" href={url} download>
            {t('result.download')}
          </a>{' '}
          <span className="hint">{t('result.invalidRows', { count: imp.counts.invalid, formatted: formatCount(imp.counts.invalid) })}</span>
        </p>
      )}
    </QueryState>
  );
}
