// The import's last steps: the counts as the processing runs, then the result with the invalid rows' report.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { formatDateTime } from '../format/time.ts';
import { Stats } from '../ui/stats.tsx';
import { QueryState } from '../ui/query-state.tsx';

type ContactImport = Outputs['imports']['get']['import'];

/** The counts in the order a member reads them, named in plain words. */
function countItems(imp: ContactImport) {
  const c = imp.counts;
  return [
    { label: 'Rows in the file', value: imp.rows.toLocaleString('en-US') },
    { label: 'Processed', value: c.processed.toLocaleString('en-US') },
    { label: 'Created', value: c.created.toLocaleString('en-US') },
    { label: 'Already in the address book', value: c.existing.toLocaleString('en-US') },
    { label: 'Repeated in the file', value: c.duplicate.toLocaleString('en-US') },
    { label: 'Invalid', value: c.invalid.toLocaleString('en-US') },
    { label: 'Opted out', value: c.opted_out.toLocaleString('en-US') },
    { label: 'Consent recorded', value: c.consent_recorded.toLocaleString('en-US') },
  ];
}

export function ProgressStep({ imp }: { imp: ContactImport }) {
  const done = imp.counts.processed;
  return (
    <section className="card" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Processing</h2>
      <div className="ab-progress">
        <label htmlFor="import-progress">{imp.state === 'queued' ? 'Waiting to start' : `${done.toLocaleString('en-US')} of ${imp.rows.toLocaleString('en-US')} rows processed`}</label>
        <progress id="import-progress" max={Math.max(imp.rows, 1)} value={done}>
          {done} of {imp.rows}
        </progress>
      </div>
      <div aria-live="polite">
        <Stats items={countItems(imp)} />
      </div>
      <p className="hint">You may leave this page: the import goes on, and the imports page shows where it stands.</p>
    </section>
  );
}

export function ResultStep({ imp }: { imp: ContactImport }) {
  const failed = imp.state === 'failed';
  const message = typeof imp.error?.['message'] === 'string' ? imp.error['message'] : null;
  return (
    <section className="card" aria-labelledby="result-heading">
      <h2 id="result-heading">{failed ? 'The import failed' : imp.state === 'expired' ? 'The import expired' : 'Import completed'}</h2>
      {failed && (
        <div className="alert alert-error" role="alert">
          <p>{message ?? 'The import could not be processed.'}</p>
        </div>
      )}
      {imp.state === 'expired' && <p className="note note-danger">It was not processed in time and its rows are gone; upload the file again.</p>}
      <div role="status">
        <Stats items={countItems(imp)} />
      </div>
      <p className="hint">Finished {formatDateTime(imp.completed_at)}.</p>
      {imp.counts.invalid > 0 && <InvalidRowsLink imp={imp} />}
      <p className="ab-actions">
        {imp.group_id && <a href={href(`/groups/${imp.group_id}`)}>Open the group</a>}
        <a href={href('/contacts')}>Go to the contacts</a>
        <a href={href('/imports')}>All imports</a>
      </p>
    </section>
  );
}

function InvalidRowsLink({ imp }: { imp: ContactImport }) {
  const link = useQuery(trpc.imports.invalidRowsLink.queryOptions({ id: imp.id }));
  return (
    <QueryState query={link} label="Preparing the invalid rows’ report">
      {({ url }) => (
        <p>
          <a className="button button-secondary" href={url} download>
            Download the invalid rows (CSV)
          </a>{' '}
          <span className="hint">
            {imp.counts.invalid.toLocaleString('en-US')} {imp.counts.invalid === 1 ? 'row was' : 'rows were'} not imported: the report gives each one’s line and reason.
          </span>
        </p>
      )}
    </QueryState>
  );
}
