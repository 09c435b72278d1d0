// Telling the service about a payment made, to be credited: the amount in TZS (read into cents digit by digit),
// how it was paid, its reference and a note, checked by the server's schema. No money moves until it is credited.
import { useState } from 'react';
import { TOP_UP_METHODS, type TopUpMethod } from '../../../core/domain/top-up-requests.ts';
import { ZRequestTopUpBody } from '../../../core/inputs/wallet.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { useTranslation } from 'react-i18next';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { parseTzs } from './amount-input.ts';

type Requested = Outputs['wallet']['requestTopUp']['top_up'];

interface TopUpValues {
  /** As typed, in TZS. */
  amount: string;
  method: TopUpMethod;
  reference: string;
  note: string;
}

const EMPTY: TopUpValues = { amount: '', method: 'mobile_money', reference: '', note: '' };

function toInput({ amount, method, reference, note }: TopUpValues) {
  const parsed = parseTzs(amount);
  return { amount: parsed.ok ? parsed.cents : Number.NaN, method, reference: reference.trim(), ...(note.trim() ? { note: note.trim() } : {}) };
}

export function TopUpForm() {
  const { t } = useTranslation(['money', 'codes']);
  const [requested, setRequested] = useState<Requested | null>(null);
  const form = useSchemaForm({
    schema: ZRequestTopUpBody,
    defaultValues: EMPTY,
    toInput,
    readable: ({ amount }: TopUpValues) => {
      const parsed = parseTzs(amount);
      return parsed.ok ? {} : { amount: t(`amount.${parsed.problem}`) };
    },
  });
  const request = useAction(trpc.wallet.requestTopUp.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.wallet.topUps.pathKey()],
    onSuccess: ({ top_up }) => {
      form.reset(EMPTY);
      setRequested(top_up);
    },
  });
  const general = useServerRefusal(form, request.error, ['amount', 'method', 'reference', 'note']);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setRequested(null);
    request.run(input);
  });

  return (
    <form className="form" onSubmit={submit} aria-label={t('topUpForm.name')} noValidate>
      {requested && (
        <p className="alert alert-success" role="status">
          {t('topUpForm.pending', { amount: formatTzs(requested.amount), reference: requested.reference })}
        </p>
      )}
      <Field label={t('topUpForm.amount')} error={errors.amount?.message} hint={t('topUpForm.amountHint')}>
        {(c) => <input {...c} {...form.register('amount')} inputMode="decimal" autoComplete="off" />}
      </Field>
      <Field label={t('topUpForm.paidBy')} error={errors.method?.message}>
        {(c) => (
          <select {...c} {...form.register('method')}>
            {TOP_UP_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`codes:${m}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('topUpForm.reference')} error={errors.reference?.message} hint={t('topUpForm.referenceHint')}>
        {(c) => <input {...c} {...form.register('reference')} autoComplete="off" />}
      </Field>
      <Field label={t('topUpForm.note')} error={errors.note?.message}>
        {(c) => <textarea {...c} {...form.register('note')} rows={2} />}
      </Field>
      {general !== null && <ErrorAlert error={general} />}
      <div>
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? t('topUpForm.sending') : t('topUpForm.submit')}
        </button>
      </div>
    </form>
  );
}
