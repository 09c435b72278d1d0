// Wallet settings: the low-balance alert's threshold, typed in TZS and sent as integer cents (or turned off),
// checked by the server's schema before it is sent.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZWalletSettingsBody } from '../../../core/inputs/wallet.ts';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { messageAt, useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { parseTzs, tzsInputText } from './amount-input.ts';
import { useAction } from '../ui/use-action.ts';
import '../styles/admin.css';

type Wallet = Outputs['wallet']['get']['wallet'];

interface ThresholdValues {
  /** As typed, in TZS. */
  threshold: string;
}

export function WalletSettingsPage() {
  const { t } = useTranslation('money');
  const wallet = useQuery(trpc.wallet.get.queryOptions());
  return (
    <Page title={t('settings.title')}>
      <section className="card" aria-labelledby="alert-heading">
        <h2 id="alert-heading">{t('settings.alertHeading')}</h2>
        <p className="hint">{t('settings.alertHint')}</p>
        <QueryState query={wallet} label={t('settings.loading')}>
          {({ wallet: w }) => <ThresholdForm wallet={w} />}
        </QueryState>
      </section>
    </Page>
  );
}

function ThresholdForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('money');
  const [saved, setSaved] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: ZWalletSettingsBody,
    defaultValues: { threshold: wallet.low_balance_threshold === null ? '' : tzsInputText(wallet.low_balance_threshold) },
    toInput: ({ threshold }: ThresholdValues) => {
      const parsed = parseTzs(threshold);
      return { low_balance_threshold: parsed.ok ? parsed.cents : Number.NaN };
    },
    readable: ({ threshold }: ThresholdValues) => {
      const parsed = parseTzs(threshold);
      return parsed.ok ? {} : { threshold: t(`amount.${parsed.problem}`) };
    },
  });
  const save = useAction(trpc.wallet.setLowBalanceThreshold.mutationOptions(), {
    invalidates: [trpc.wallet.pathKey()],
    onSuccess: ({ wallet: w }) => {
      setSaved(w.low_balance_threshold === null ? t('settings.savedOff') : t('settings.saved', { amount: formatTzs(w.low_balance_threshold) }));
      // The overview's banner and the wallet page read the same wallet.
      queryClient.setQueryData(trpc.wallet.get.queryKey(), { wallet: w });
    },
  });
  // The schema names the input's field; the form holds it as text in TZS.
  const general = useServerRefusal(form, save.error, ['low_balance_threshold']);
  const { errors } = form.formState;
  const thresholdError = errors.threshold?.message ?? messageAt(errors, 'low_balance_threshold');

  const submit = form.handleSubmit((input) => {
    setSaved(null);
    save.run(input);
  });
  const turnOff = () => {
    setSaved(null);
    form.clearErrors();
    save.run({ low_balance_threshold: null });
  };

  return (
    <>
      <Stats
        items={[
          { label: t('settings.availableNow'), value: formatTzs(wallet.available) },
          { label: t('settings.alertBelow'), value: wallet.low_balance_threshold === null ? t('settings.off') : formatTzs(wallet.low_balance_threshold) },
        ]}
      />
      <form className="form" onSubmit={submit} aria-label={t('settings.alertHeading')} noValidate>
        {saved && (
          <p className="alert alert-success" role="status">
            {saved}
          </p>
        )}
        <Field label={t('settings.threshold')} error={thresholdError} hint={t('settings.thresholdHint')}>
          {(c) => <input {...c} {...form.register('threshold')} inputMode="decimal" autoComplete="off" />}
        </Field>
        {general !== null && <ErrorAlert error={general} />}
        <div className="admin-row-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('settings.save')}
          </button>
          {wallet.low_balance_threshold !== null && (
            <button type="button" className="button button-secondary" disabled={save.isPending} onClick={turnOff}>
              {t('settings.turnOff')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
