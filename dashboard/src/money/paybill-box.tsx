// The paybill: the number to pay to and the organization's account number there, each with a copy button, and the
// steps of paying it with M-Pesa in plain words. A payment to it credits the wallet without anyone asking.
import { useTranslation } from 'react-i18next';
import { QueryState } from '../ui/query-state.tsx';
import { CopyButton } from '../ui/copy-button.tsx';
import { usePaymentDetails } from './payment-details.ts';
import '../styles/money.css';

export function PaybillBox() {
  const { t } = useTranslation(['money', 'common']);
  const details = usePaymentDetails();
  return (
    <section className="card" aria-labelledby="paybill-heading">
      <h2 id="paybill-heading">{t('paybill.heading')}</h2>
      <QueryState query={details} label={t('paybill.heading')}>
        {({ paybill_number: number, account_reference: reference }) => (
          <>
            <p>{t('paybill.summary', { number, reference })}</p>
            <dl className="paybill-numbers">
              <div>
                <dt>{t('paybill.number')}</dt>
                <dd>
                  <span className="paybill-value">{number}</span>
                  <CopyButton value={number} label={t('paybill.copyNumber')} />
                </dd>
              </div>
              <div>
                <dt>{t('paybill.reference')}</dt>
                <dd>
                  <span className="paybill-value">{reference}</span>
                  <CopyButton value={reference} label={t('paybill.copyReference')} />
                </dd>
              </div>
            </dl>
            <h3>{t('paybill.stepsHeading')}</h3>
            <ol>
              <li>{t('paybill.steps.dial')}</li>
              <li>{t('paybill.steps.business', { number })}</li>
              <li>{t('paybill.steps.account', { reference })}</li>
              <li>{t('paybill.steps.amount')}</li>
              <li>{t('paybill.steps.pin')}</li>
            </ol>
            <p className="hint">{t('paybill.otherWallets')}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
