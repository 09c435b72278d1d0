// Past contact imports, newest first, with their state and counts; the way into the import wizard.
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PageProps } from '../routes.tsx';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useCan } from '../session.tsx';
import { formatDateTime } from '../format/time.ts';
import { formatCount } from '../format/locale.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList } from '../ui/filtered-list.tsx';
import '../styles/address-book.css';

type ContactImport = Outputs['imports']['list']['imports'][number];

const PAGE_SIZE = 25;
const RUNNING = new Set(['uploading', 'queued', 'processing']);

/** The states an import passes through, each with its word in codes (failed, expired and completed included). */
const STATES = ['uploading', 'uploaded', 'queued', 'processing', 'completed', 'failed', 'expired'] as const;

export function ImportsPage({ query }: PageProps) {
  const { t } = useTranslation(['addressBook', 'codes']);
  const can = useCan();
  const columns: readonly Column<ContactImport>[] = [
    { header: t('imports.uploaded'), cell: (i) => <a href={href(`/imports/${i.id}`)}>{formatDateTime(i.created_at)}</a> },
    { header: t('file.file'), cell: (i) => <span className="ab-break">{i.filename ?? '—'}</span> },
    { header: t('imports.state'), cell: (i) => <span className={`badge ab-badge-${i.state}`}>{stateWord(t, i.state)}</span> },
    { header: t('file.rows'), cell: (i) => formatCount(i.rows), numeric: true },
    { header: t('counts.created'), cell: (i) => formatCount(i.counts.created), numeric: true },
    { header: t('counts.invalid'), cell: (i) => formatCount(i.counts.invalid), numeric: true },
  ];
  return (
    <Page
      title={t('imports.title')}
      actions={
        can('imports.write') && (
          <a className="button" href={href('/imports/new')}>
            {t('imports.import')}
          </a>
        )
      }
    >
      <p className="lead">{t('imports.lead')}</p>
      <section aria-labelledby="imports-heading">
        <h2 id="imports-heading">{t('imports.past')}</h2>
        <FilteredList
          path="/imports"
          query={query}
          filters={[]}
          noun={t('imports.noun')}
          list={(_, before) =>
            trpc.imports.list.queryOptions(
              { limit: PAGE_SIZE, before },
              // An import under way moves on by itself: the list follows it.
              { refetchInterval: (q) => (q.state.data?.imports.some((i) => RUNNING.has(i.state)) ? 3000 : false) },
            )
          }
          rows={(data) => data.imports}
          next={(data) => data.next_before}
          columns={columns}
          rowKey={(r) => r.id}
          caption={t('imports.caption')}
          empty={t('imports.none')}
        />
      </section>
    </Page>
  );
}

function stateWord(t: TFunction<['addressBook', 'codes']>, state: string): string {
  const known = STATES.find((s) => s === state);
  return known ? t(`codes:${known}`) : state;
}
