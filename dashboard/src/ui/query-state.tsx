// A section's query: loading, the server's message on failure (with a retry), or the content made from its data.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { isRefusal } from '../errors.ts';
import { ErrorAlert } from './error-alert.tsx';
import { Loading } from './loading.tsx';

export function QueryState<T, E>({ query, label, children }: { query: UseQueryResult<T, E>; label?: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('common');
  if (query.isPending) return <Loading {...(label ? { label } : {})} />;
  if (!query.isError) return <>{children(query.data)}</>;
  // A refusal (4xx) would be refused again: only a failure on the way or on the server offers a retry.
  const retry = isRefusal(query.error) ? null : (
    <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
      {t('tryAgain')}
    </button>
  );
  return (
    <div className="query-error">
      <ErrorAlert error={query.error} />
      {retry}
    </div>
  );
}
