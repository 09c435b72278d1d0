// One message: its status, price and times, why it did not arrive in plain words (the service's explanation in the
// language shown), then its attempts and receipts (message-delivery.tsx).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import type { PageProps } from '../routes.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { MessageStatusBadge, TestMark } from './message-badges.tsx';
import { MessageDelivery } from './message-delivery.tsx';
import { MessageCancel } from './message-cancel.tsx';
import type { en as codeWords } from '../i18n/codes.ts';

type Detail = Outputs['messages']['get'];

/** Messages on their way are asked for again every few seconds, so the page follows their delivery. */
const FINAL = new Set(['delivered', 'undelivered', 'failed', 'cancelled', 'expired']);

export function MessageDetailPage({ params }: PageProps) {
  const { t } = useTranslation('messages');
  const id = params['id'] ?? '';
  const message = useQuery({
    ...trpc.messages.get.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.status) ? false : 3000),
  });
  return (
    <Page title={t('detail.title')} actions={<a href={href('/messages')}>{t('detail.back')}</a>}>
      <QueryState query={message} label={t('detail.loading')}>
        {(m) => (
          <>
            <MessageSummary message={m} />
            <MessageCancel message={m} />
            <MessageDelivery message={m} />
          </>
        )}
      </QueryState>
    </Page>
  );
}

function FailureExplanation({ message: m }: { message: Detail }) {
  const { t } = useTranslation('messages');
  if (!m.failure_explanation) return null;
  return (
    <div className="note note-danger" role="note" aria-labelledby="failure-heading">
      <h3 id="failure-heading">{t('failure.heading')}</h3>
      <p className="failure-explanation">{m.failure_explanation[currentLanguage()]}</p>
      {/* The stored reason, as the network wrote it, for whoever follows it up with us or the operator. */}
      {m.failure_reason && <p className="hint">{t('failure.operatorWords', { reason: m.failure_reason })}</p>}
    </div>
  );
}

function MessageSummary({ message: m }: { message: Detail }) {
  const { t } = useTranslation(['messages', 'codes']);
  const code = (c: string) => t(`codes:${c as keyof typeof codeWords}`);
  const amount = formatTzs(m.price.total);
  return (
    <section className="card" aria-labelledby="summary-heading">
      <h2 id="summary-heading">
        {t('detail.to', { to: m.to })} <MessageStatusBadge status={m.status} />
        {m.test && <> <TestMark /></>}
      </h2>
      {m.test && <p className="hint">{t('detail.testNote')}</p>}
      <FailureExplanation message={m} />
      <Stats
        items={[
          { label: t('detail.status'), value: code(m.status) },
          { label: t('detail.from'), value: m.from },
          { label: t('detail.class'), value: code(m.traffic_class) },
          { label: t('detail.mode'), value: m.test ? t('codes:test') : t('codes:live') },
          { label: t('detail.encoding'), value: t('detail.encodingValue', { encoding: code(m.encoding), count: m.segments }) },
          {
            label: t('detail.price'),
            value: m.test ? (
              <>
                <TestMark /> {t('testAmount', { amount })}
              </>
            ) : (
              t(m.price.charged ? 'detail.charged' : 'detail.notCharged', { amount })
            ),
          },
          { label: t('detail.reference'), value: m.client_ref },
        ]}
      />
      <h3>{t('detail.body')}</h3>
      <p className="message-body">{m.body}</p>
      <h3>{t('detail.times')}</h3>
      <Stats
        items={[
          { label: t('detail.created'), value: formatDateTime(m.created_at) },
          ...(m.send_at ? [{ label: t('schedule.scheduledFor'), value: formatDateTime(m.send_at) }] : []),
          ...(m.held_until ? [{ label: t('detail.heldUntil'), value: formatDateTime(m.held_until) }] : []),
          { label: t('detail.final'), value: formatDateTime(m.final_at) },
          { label: t('detail.expires'), value: formatDateTime(m.expires_at) },
        ]}
      />
    </section>
  );
}
