// Opt-outs: active, cleared or all, searched by number (both kept in the address); one recorded, or one cleared.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import { ClearOptOut, RecordOptOut } from './opt-out-forms.tsx';
import '../styles/address-book.css';

type OptOut = Outputs['optOuts']['list']['opt_outs'][number];
type Status = 'active' | 'cleared' | 'all';

const STATUSES: readonly Status[] = ['active', 'cleared', 'all'];
const PAGE_SIZE = 25;

const SOURCES = ['manual', 'import', 'contact_deleted', 'sms_keyword'] as const;

export function OptOutsPage({ query }: PageProps) {
  const { t } = useTranslation(['addressBook', 'codes']);
  const can = useCan();
  const filters: readonly FilterField[] = [
    { name: 'status', label: t('optOuts.show'), type: 'select', defaultValue: 'active', options: STATUSES.map((s) => ({ value: s, label: t(`optOuts.statuses.${s}`) })) },
    { name: 'search', label: t('searchByNumber'), type: 'search', inputMode: 'tel', maxLength: 20, hint: t('searchByNumberHint') },
  ];
  const sourceWord = (source: string) => {
    const known = SOURCES.find((s) => s === source);
    return known ? t(`codes:${known}`) : source;
  };
  const [clearing, setClearing] = useState<OptOut | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<OptOut>[] = [
    { header: t('number'), cell: (o) => <span className="nowrap">{o.phone}</span> },
    { header: t('optOuts.status'), cell: (o) => <span className={`badge ab-badge-${o.active ? 'active' : 'cleared'}`}>{o.active ? t('optOuts.badges.active') : t('optOuts.badges.cleared')}</span> },
    { header: t('optOuts.source'), cell: (o) => sourceWord(o.source) },
    { header: t('optOuts.reason'), cell: (o) => o.reason ?? '—' },
    { header: t('recorded'), cell: (o) => formatDateTime(o.created_at) },
    {
      header: t('optOuts.clearedAt'),
      cell: (o) => (o.cleared_at ? t('optOuts.clearedCell', { at: formatDateTime(o.cleared_at), reason: o.clear_reason ?? '', evidence: o.clear_evidence ?? '—' }) : '—'),
    },
  ];
  if (can('opt_outs.write')) {
    columns.push({
      header: t('action'),
      cell: (o) =>
        o.active ? (
          <button
            type="button"
            className="button button-secondary ab-small"
            onClick={() => {
              setNotice(null);
              setClearing(o);
            }}
          >
            {t('optOuts.clear')} <span className="visually-hidden">{t('optOuts.clearWhom', { phone: o.phone })}</span>
          </button>
        ) : (
          '—'
        ),
    });
  }

  return (
    <Page title={t('optOuts.title')}>
      <p className="lead">{t('optOuts.lead')}</p>
      {can('opt_outs.write') && (
        <details className="card ab-foldable">
          <summary>{t('optOuts.record')}</summary>
          <RecordOptOut />
        </details>
      )}
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {clearing && (
        <ClearOptOut
          key={clearing.id}
          optOut={clearing}
          onCancel={() => setClearing(null)}
          onDone={(message) => {
            setClearing(null);
            setNotice(message);
          }}
        />
      )}
      <FilteredList
        path="/opt-outs"
        query={query}
        filters={filters}
        noun={t('optOuts.noun')}
        list={(values, before) =>
          trpc.optOuts.list.queryOptions({ status: STATUSES.find((s) => s === values.status) ?? 'active', search: values.search || undefined, limit: PAGE_SIZE, before })
        }
        rows={(data) => data.opt_outs}
        next={(data) => data.next_before}
        columns={columns}
        rowKey={(o) => o.id}
        caption={t('optOuts.caption')}
        empty={t('optOuts.none')}
      />
    </Page>
  );
}
