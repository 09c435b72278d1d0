// A single message not yet handed to the network, with its time when sent for later, and its cancel
// (messages.cancel) after a confirmation; once cancelled, the amount that went back to the wallet.
import { useTranslation } from 'react-i18next';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { useAction } from '../ui/use-action.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';

type Detail = Outputs['messages']['get'];

/** A live single message accepted and never attempted: the service may still cancel it (it answers if not). */
const waiting = (m: Detail) => m.status === 'accepted' && !m.test && m.campaign_id === null && (m.attempts ?? []).length === 0;

export function MessageCancel({ message: m }: { message: Detail }) {
  const { t } = useTranslation('messages');
  const can = useCan();
  const cancel = useAction(trpc.messages.cancel.mutationOptions(), {
    invalidates: [trpc.messages.list.queryKey(), trpc.wallet.pathKey()],
    onSuccess: ({ replay: _replay, ...answer }) => queryClient.setQueryData(trpc.messages.get.queryKey({ id: m.id }), answer),
  });
  const amount = formatTzs(m.price.total);
  if (m.status === 'cancelled' && !m.test && m.campaign_id === null) {
    return (
      <div className="alert alert-success" role="status">
        <p>{t(cancel.data?.replay ? 'schedule.cancelledAgain' : 'schedule.cancelled', { amount })}</p>
      </div>
    );
  }
  if (!waiting(m)) return null;
  return (
    <section className="card" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{t('schedule.waitingHeading')}</h2>
      <p>{m.send_at ? t('schedule.waitingScheduled', { time: formatDateTime(m.send_at) }) : t('schedule.waitingQueued')}</p>
      {can('messages.send') && (
        <ConfirmAction
          label={t('schedule.cancel')}
          question={t('schedule.question', { to: m.to, amount })}
          confirmLabel={t('schedule.confirm')}
          cancelLabel={t('schedule.keep')}
          pending={cancel.isPending}
          error={cancel.error}
          onConfirm={() => cancel.run({ id: m.id })}
        />
      )}
    </section>
  );
}
