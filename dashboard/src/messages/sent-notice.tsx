// What the send form says once the service has answered: a test message marked as one (its outcome at once,
// nothing charged), a live one with its price (and its time when sent for later), or a repeat that sent nothing.
import { useTranslation } from 'react-i18next';
import type { Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { TestMark } from './message-badges.tsx';
import type { en as codeWords } from '../i18n/codes.ts';

type Sent = Outputs['messages']['send'];

export function SentNotice({ sent }: { sent: Sent }) {
  const { t } = useTranslation(['messages', 'codes']);
  const words = sent.replay
    ? t('sent.replay')
    : sent.test
      ? t('sent.test', { to: sent.to, status: t(`codes:${sent.status as keyof typeof codeWords}`) })
      : sent.send_at
        ? t('schedule.sent', { time: formatDateTime(sent.send_at), amount: formatTzs(sent.price.total), count: sent.segments, to: sent.to })
        : t('sent.live', { amount: formatTzs(sent.price.total), count: sent.segments, to: sent.to });
  return (
    <div className="alert alert-success" role="status">
      <p>
        {sent.test && <><TestMark /> </>}
        {words} <a href={href(`/messages/${sent.id}`)}>{t('sent.follow')}</a>
      </p>
    </div>
  );
}
