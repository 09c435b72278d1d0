// A message's status as a badge in the language shown (its colour repeats the word, never replaces it), and the
// mark of a test message, which never reached a phone and was never charged.
import { useTranslation } from 'react-i18next';
import { formatTzs } from '../format/money.ts';
import type { en as codeWords } from '../i18n/codes.ts';
import './messages.css';

export function MessageStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('codes');
  return <span className={`badge badge-${status}`}>{t(status as keyof typeof codeWords)}</span>;
}

export function TestMark() {
  const { t } = useTranslation('messages');
  return <span className="badge badge-test">{t('testMark')}</span>;
}

/** A message's price: a test message's is marked, as nothing was charged for it. */
export function MessagePrice({ total, test }: { total: number; test: boolean }) {
  const { t } = useTranslation('messages');
  if (!test) return <>{formatTzs(total)}</>;
  return (
    <span className="test-amount">
      <TestMark /> {t('testAmount', { amount: formatTzs(total) })}
    </span>
  );
}
