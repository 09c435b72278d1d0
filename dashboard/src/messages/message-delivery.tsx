// A message's way to the phone: the attempts to hand it to the SMS route, and the operator's receipts with what
// each changed, said in plain words (why a message has several receipts, what an effect of "None" means).
import { useTranslation } from 'react-i18next';
import type { Outputs } from '../trpc.ts';
import { formatCount } from '../format/locale.ts';
import { formatDateTime } from '../format/time.ts';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { MessageStatusBadge } from './message-badges.tsx';
import type { en as codeWords } from '../i18n/codes.ts';
import type { en as messageWords } from './locale.ts';

type Detail = Outputs['messages']['get'];
type Attempt = NonNullable<Detail['attempts']>[number];
type Receipt = NonNullable<Detail['receipts']>[number];
type AttemptState = keyof typeof messageWords.attempts.states;

/** More receipts than parts: the operator repeated one (each part has one receipt of its own). */
export function receiptsRepeated(receipts: readonly Receipt[], parts: number): boolean {
  return receipts.length > Math.max(parts, 1);
}

export function MessageDelivery({ message: m }: { message: Detail }) {
  const { t } = useTranslation(['messages', 'codes']);
  const receipts = m.receipts ?? [];
  const attemptColumns: readonly Column<Attempt>[] = [
    { header: t('attempts.columns.number'), cell: (a) => formatCount(a.number), numeric: true },
    { header: t('attempts.columns.state'), cell: (a) => (a.state in messageStates ? t(`attempts.states.${a.state as AttemptState}`) : a.state) },
    { header: t('attempts.columns.started'), cell: (a) => formatDateTime(a.started_at) },
    { header: t('attempts.columns.finished'), cell: (a) => formatDateTime(a.finished_at) },
    { header: t('attempts.columns.detail'), cell: (a) => a.detail ?? '—' },
  ];
  const receiptColumns: readonly Column<Receipt>[] = [
    { header: t('receipts.columns.received'), cell: (r) => formatDateTime(r.received_at) },
    { header: t('receipts.columns.delivery'), cell: (r) => <MessageStatusBadge status={r.delivery} /> },
    { header: t('receipts.columns.operatorStatus'), cell: (r) => r.raw_status },
    { header: t('receipts.columns.effect'), cell: (r) => (r.effect === 'none' ? t('receipts.effectNone') : t(`codes:${r.effect as keyof typeof codeWords}`)) },
    { header: t('receipts.columns.code'), cell: (r) => r.failure_reason ?? '—' },
  ];
  return (
    <>
      <section className="card" aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">{t('attempts.heading')}</h2>
        <DataTable caption={t('attempts.caption')} columns={attemptColumns} rows={m.attempts ?? []} rowKey={(a) => String(a.number)} empty={t('attempts.empty')} />
      </section>
      <section className="card" aria-labelledby="receipts-heading">
        <h2 id="receipts-heading">{t('receipts.heading')}</h2>
        <DataTable caption={t('receipts.caption')} columns={receiptColumns} rows={receipts} rowKey={(_r, i) => String(i)} empty={t('receipts.empty')} />
        {receipts.length > 0 && (
          <div className="hint receipts-explained">
            {m.segments > 1 && <p>{t('receipts.parts', { count: m.segments })}</p>}
            {receiptsRepeated(receipts, m.segments) && <p>{t('receipts.repeated')}</p>}
            <p>{t('receipts.aboutEffect')}</p>
          </div>
        )}
      </section>
    </>
  );
}

const messageStates: Record<AttemptState, true> = { submitting: true, submitted: true, refused: true, ambiguous: true, not_sent: true };
