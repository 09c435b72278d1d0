// Wallet settings: the low-balance alert's threshold, typed in TZS and sent as integer cents (or turned off).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { parseTzs, tzsInputText } from './amount-input.ts';
import { useAction } from '../ui/use-action.ts';
import '../styles/admin.css';

type Wallet = Outputs['wallet']['get']['wallet'];

export function WalletSettingsPage() {
  const wallet = useQuery(trpc.wallet.get.queryOptions());
  return (
    <Page title="Wallet settings">
      <section className="card" aria-labelledby="alert-heading">
        <h2 id="alert-heading">Low-balance alert</h2>
        <p className="hint">
          When a send takes the available balance below the threshold, the overview shows a warning and the wallet.low_balance webhook event goes out, once each time it falls below.
        </p>
        <QueryState query={wallet} label="Loading the wallet">
          {({ wallet: w }) => <ThresholdForm wallet={w} />}
        </QueryState>
      </section>
    </Page>
  );
}

function ThresholdForm({ wallet }: { wallet: Wallet }) {
  const [text, setText] = useState(wallet.low_balance_threshold === null ? '' : tzsInputText(wallet.low_balance_threshold));
  const [typingError, setTypingError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useAction(trpc.wallet.setLowBalanceThreshold.mutationOptions(), {
    invalidates: [trpc.wallet.pathKey()],
    onSuccess: ({ wallet: w }) => {
      setSaved(w.low_balance_threshold === null ? 'The alert is off.' : `Saved: the alert comes below ${formatTzs(w.low_balance_threshold)}.`);
      // The overview's banner and the wallet page read the same wallet.
      queryClient.setQueryData(trpc.wallet.get.queryKey(), { wallet: w });
    },
  });
  const errors = formErrors(save.error, ['low_balance_threshold']);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const parsed = parseTzs(text);
    setTypingError(parsed.ok ? null : parsed.message);
    if (parsed.ok) save.run({ low_balance_threshold: parsed.cents });
  };
  const turnOff = () => {
    setSaved(null);
    setTypingError(null);
    save.run({ low_balance_threshold: null });
  };

  return (
    <>
      <Stats
        items={[
          { label: 'Available now', value: formatTzs(wallet.available) },
          { label: 'Alert below', value: wallet.low_balance_threshold === null ? 'Off' : formatTzs(wallet.low_balance_threshold) },
        ]}
      />
      <form className="form" onSubmit={submit} aria-label="Low-balance alert" noValidate>
        {saved && (
          <p className="alert alert-success" role="status">
            {saved}
          </p>
        )}
        <Field label="Alert when the available balance falls below (TZS)" error={typingError ?? errors.of('low_balance_threshold')} hint="Such as 50,000 or 12,345.50.">
          {(c) => <input {...c} name="low_balance_threshold" inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        {errors.general !== null && <ErrorAlert error={errors.general} />}
        <div className="admin-row-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            Save threshold
          </button>
          {wallet.low_balance_threshold !== null && (
            <button type="button" className="button button-secondary" disabled={save.isPending} onClick={turnOff}>
              Turn the alert off
            </button>
          )}
        </div>
      </form>
    </>
  );
}
