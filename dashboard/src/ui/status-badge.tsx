// A message status as a labelled badge (its colour repeats the word, never replaces it).
import { useTranslation } from 'react-i18next';
import type { en as codes } from '../i18n/codes.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('codes');
  // A status the API adds later is a missing word, which the browser tests report.
  return <span className={`badge badge-${status}`}>{t(status as keyof typeof codes)}</span>;
}
