// A push payment followed to its end: the PIN prompt's words while the aggregator has not answered (asked again every
// two seconds), then the amount credited with the new balance, or why it was not paid. After three minutes the page
// stops asking and says the payment is still being checked: the service keeps asking the aggregator on its own.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { isSettled, notPaidWords } from './push-failure.ts';
import { providerName, type PaymentDetails } from './payment-details.ts';
import '../styles/money.css';

type TopUp = Outputs['wallet']['topUp']['top_up'];

const ASK_EVERY_MS = 2_000;
const FOLLOW_FOR_MS = 3 * 60_000;

export function PushTopUpProgress({ started, details, onAgain }: { started: TopUp; details: PaymentDetails; onAgain: () => void }) {
  const { t } = useTranslation('money');
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), FOLLOW_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const followed = useQuery({
    ...trpc.wallet.topUp.queryOptions({ id: started.id }),
    initialData: { top_up: started },
    staleTime: 0,
    refetchInterval: (query) => (gaveUp || isSettled(query.state.data?.top_up.status ?? 'pending') ? false : ASK_EVERY_MS),
  });
  const topUp = followed.data.top_up;
  const settled = isSettled(topUp.status);
  useEffect(() => {
    // The balance card and the list of top-ups show what the end changed.
    if (settled) void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
  }, [settled]);

  const provider = providerName(details, topUp.provider ?? '');
  const transaction = topUp.transaction_id ? <p>{t('pay.transactionId', { id: topUp.transaction_id })}</p> : null;
  const again = (
    <button type="button" className="button button-secondary" onClick={onAgain}>
      {t('pay.again')}
    </button>
  );
  if (topUp.status === 'credited') {
    return (
      <div className="push-progress">
        <div className="alert alert-success" role="status">
          <p className="alert-title">
            {topUp.credited_amount !== null && topUp.credited_amount !== topUp.amount
              ? t('pay.creditedDifferent', { credited: formatTzs(topUp.credited_amount), asked: formatTzs(topUp.amount) })
              : t('pay.credited', { amount: formatTzs(topUp.credited_amount ?? topUp.amount) })}
          </p>
          <AvailableNow />
          {transaction}
        </div>
        {again}
      </div>
    );
  }
  if (settled) {
    return (
      <div className="push-progress">
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{t('pay.notPaid')}</p>
          <p>{notPaidWords(t, topUp, provider)}</p>
          {transaction}
        </div>
        {again}
      </div>
    );
  }
  const phone = topUp.payer_phone ?? '';
  return (
    <div className="push-progress">
      {gaveUp ? (
        <div className="banner banner-warning" role="status">
          <p>{t('pay.stillChecking', { provider })}</p>
          {transaction}
        </div>
      ) : (
        <div className="alert alert-waiting" role="status">
          <p className="alert-title">{t('pay.checkPhone')}</p>
          <p>{t('pay.prompted', { provider, phone, amount: formatTzs(topUp.amount) })}</p>
          <p>{t('pay.waiting', { provider })}</p>
        </div>
      )}
      {gaveUp && again}
    </div>
  );
}

/** The wallet's available balance once the credit is in it (the wallet query is refetched when the payment settles). */
function AvailableNow() {
  const { t } = useTranslation('money');
  const wallet = useQuery(trpc.wallet.get.queryOptions());
  if (!wallet.data) return null;
  return <p>{t('pay.availableNow', { amount: formatTzs(wallet.data.wallet.available) })}</p>;
}
