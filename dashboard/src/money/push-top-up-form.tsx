// Paying by mobile money: the wallet, the number and the amount in whole shillings, checked by the server's schema;
// the payer then gets a PIN prompt on the phone and the page follows the payment to its end (push-top-up-progress).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZStartPushTopUpBody } from '../../../core/inputs/wallet.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { errorCode, errorField } from '../errors.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { parseTzs } from './amount-input.ts';
import { providerName, type PaymentDetails, type Provider } from './payment-details.ts';
import { PushTopUpProgress } from './push-top-up-progress.tsx';
import { SimulatorNote } from './simulator-note.tsx';

type Started = Outputs['wallet']['startMobileMoneyTopUp']['top_up'];

/** The call's input, as the service checks it; the method is the procedure's own. */
const ZPushInput = ZStartPushTopUpBody.omit({ method: true });

interface PushValues {
  provider: Provider;
  phone: string;
  /** As typed, in TZS. */
  amount_tzs: string;
}

function toInput({ provider, phone, amount_tzs }: PushValues) {
  const parsed = parseTzs(amount_tzs);
  return { provider, phone: phone.trim(), amount_tzs: parsed.ok ? parsed.cents / 100 : Number.NaN };
}

export function PushTopUpForm({ details }: { details: PaymentDetails }) {
  const { t } = useTranslation(['money', 'common']);
  const [started, setStarted] = useState<Started | null>(null);
  const ownPhone = useQuery(trpc.members.phone.queryOptions());
  const verified = ownPhone.data?.phone?.verified ? ownPhone.data.phone.number : '';
  const first = details.providers[0]?.id ?? 'mpesa';
  const form = useSchemaForm({
    schema: ZPushInput,
    defaultValues: { provider: first, phone: verified, amount_tzs: '' },
    toInput,
    readable: ({ amount_tzs }: PushValues) => {
      const parsed = parseTzs(amount_tzs);
      if (!parsed.ok) return { amount_tzs: t(`amount.${parsed.problem}`) };
      return parsed.cents % 100 === 0 ? {} : { amount_tzs: t('pay.wholeShillings') };
    },
  });
  // The member's verified number may come after the form: it fills the field only while nothing was typed there.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (verified && getValues('phone') === '') setValue('phone', verified);
  }, [verified, getValues, setValue]);

  const start = useAction(trpc.wallet.startMobileMoneyTopUp.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.wallet.topUps.pathKey()],
    onSuccess: ({ top_up }) => setStarted(top_up),
  });
  const general = useServerRefusal(form, start.error, ['provider', 'phone', 'amount_tzs']);
  const { errors } = form.formState;
  const provider = form.watch('provider');
  // The service's reasons are English; in Kiswahili a refused number is said by what a number must be.
  const phoneRefused = errorField(start.error) === 'phone' && errorCode(start.error) === 'validation_failed' && currentLanguage() !== 'en';
  const phoneError = errors.phone?.type === 'server' && phoneRefused ? t('pay.phoneRefused', { provider: providerName(details, provider) }) : errors.phone?.message;
  const submit = form.handleSubmit((input) => start.run(input));

  if (started) {
    const again = () => {
      setStarted(null);
      form.reset({ ...form.getValues(), amount_tzs: '' });
    };
    return <PushTopUpProgress started={started} details={details} onAgain={again} />;
  }
  return (
    <>
      <p>{t('pay.lead')}</p>
      <form className="form" onSubmit={submit} aria-label={t('pay.heading')} noValidate>
        <Field label={t('pay.provider')} error={errors.provider?.message}>
          {(c) => (
            <select {...c} {...form.register('provider')}>
              {details.providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('pay.phone')} error={phoneError} hint={t('pay.phoneHint')}>
          {(c) => <input {...c} {...form.register('phone')} type="tel" inputMode="tel" autoComplete="tel" />}
        </Field>
        <Field label={t('pay.amount')} error={errors.amount_tzs?.message} hint={t('pay.amountHint')}>
          {(c) => <input {...c} {...form.register('amount_tzs')} inputMode="numeric" autoComplete="off" />}
        </Field>
        {general !== null && <ErrorAlert error={general} />}
        <div>
          <button type="submit" className="button" disabled={start.isPending}>
            {start.isPending ? t('pay.sending') : t('pay.submit')}
          </button>
        </div>
      </form>
      {details.simulated && <SimulatorNote />}
    </>
  );
}
