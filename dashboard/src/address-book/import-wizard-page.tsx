// The contact import wizard: upload a CSV (/imports/new), then at /imports/:id check the file, choose the
// columns, follow the processing and read the result. The step shown follows the import's state on the server.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient, trpc } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { UploadStep, type Uploaded } from './import-upload.tsx';
import { FileSummary } from './import-file-summary.tsx';
import { MappingStep } from './import-mapping.tsx';
import { TemplateLink } from './import-template-link.tsx';
import { ProgressStep, ResultStep } from './import-progress.tsx';
import { formatCount } from '../format/locale.ts';
import '../styles/address-book.css';

const STEPS = ['upload', 'check', 'columns', 'process', 'result'] as const;
/** While the server works on an import, the page asks again this often. */
const POLL_MS = 1500;
const RUNNING = new Set(['uploading', 'queued', 'processing']);

function stepOf(state: string): number {
  if (state === 'uploading') return 0;
  if (state === 'uploaded') return 2;
  if (state === 'queued' || state === 'processing') return 3;
  return 4;
}

function Steps({ current }: { current: number }) {
  const { t } = useTranslation('addressBook');
  return (
    <ol className="ab-steps" aria-label={t('steps.label')}>
      {STEPS.map((step, i) => (
        <li key={step} aria-current={i === current ? 'step' : undefined} className={i < current ? 'ab-step-done' : undefined}>
          <span className="ab-step-number">{formatCount(i + 1)}</span> {t(`steps.${step}`)}
          {i < current && <span className="visually-hidden"> {t('steps.done')}</span>}
        </li>
      ))}
    </ol>
  );
}

export function ImportUploadPage() {
  const { t } = useTranslation('addressBook');
  const onUploaded = (answer: Uploaded) => {
    // The upload's answer is what imports.get answers: the next step shows it without asking again.
    queryClient.setQueryData(trpc.imports.get.queryKey({ id: answer.import.id }), answer);
    void queryClient.invalidateQueries({ queryKey: trpc.imports.list.pathKey() });
    navigate(`/imports/${answer.import.id}`);
  };
  return (
    <Page title={t('imports.import')} actions={<a href={href('/imports')}>{t('imports.all')}</a>}>
      <Steps current={0} />
      <section className="card" aria-labelledby="upload-heading">
        <h2 id="upload-heading">{t('steps.upload')}</h2>
        <TemplateLink />
        <UploadStep onUploaded={onUploaded} />
      </section>
    </Page>
  );
}

export function ImportPage({ params }: PageProps) {
  const { t } = useTranslation('addressBook');
  const id = params['id'] ?? '';
  const can = useCan();
  const answer = useQuery({
    ...trpc.imports.get.queryOptions({ id }),
    refetchInterval: (q) => (RUNNING.has(q.state.data?.import.state ?? '') ? POLL_MS : false),
  });
  return (
    <Page title={t('imports.import')} actions={<a href={href('/imports')}>{t('imports.all')}</a>}>
      <QueryState query={answer} label={t('imports.loading')}>
        {(data) => {
          const state = data.import.state;
          return (
            <>
              <Steps current={stepOf(state)} />
              {state === 'uploading' && <p role="status">{t('imports.arriving')}</p>}
              {state === 'uploaded' && <FileSummary answer={data} />}
              {state === 'uploaded' &&
                (can('imports.write') ? <MappingStep imp={data.import} /> : <p className="hint">{t('imports.notAllowed')}</p>)}
              {(state === 'queued' || state === 'processing') && <ProgressStep imp={data.import} />}
              {!RUNNING.has(state) && state !== 'uploaded' && <ResultStep imp={data.import} />}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
