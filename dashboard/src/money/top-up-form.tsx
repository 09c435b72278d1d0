// Telling the service about a payment made, to be credited: the amount in TZS (read into cents digit by digit),
// how it was paid, its reference and a note. No money moves until the service credits it.
import { useState, type FormEvent } from 'react';
import { TOP_UP_METHODS, type TopUpMethod } from '../../../core/domain/top-up-requests.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { formatTzs } from '../format/money.ts';
import { humanize } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { parseTzs } from './amount-input.ts';
import { useAction } from '../ui/use-action.ts';

type Requested = Outputs['wallet']['requestTopUp']['top_up'];

const FIELDS = ['amount', 'method', 'reference', 'note'];
const EMPTY = { amount: '', method: 'mobile_money' as TopUpMethod, reference: '', note: '' };

export function TopUpForm() {
  const [form, setForm] = useState(EMPTY);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [requested, setRequested] = useState<Requested | null>(null);
  const request = useAction(trpc.wallet.requestTopUp.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.wallet.topUps.pathKey()],
    onSuccess: ({ top_up }) => {
      setForm(EMPTY);
      setRequested(top_up);
    },
  });
  const errors = formErrors(request.error, FIELDS);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRequested(null);
    request.reset();
    const amount = parseTzs(form.amount);
    setAmountError(amount.ok ? null : amount.message);
    if (!amount.ok) return;
    const note = form.note.trim();
    const body = { amount: amount.cents, method: form.method, reference: form.reference.trim(), ...(note ? { note } : {}) };
    request.run(body);
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Request a top-up" noValidate>
      {requested && (
        <p className="alert alert-success" role="status">
          Your request for {formatTzs(requested.amount)} (reference {requested.reference}) is pending: the balance grows once the service has checked the payment and credited it.
        </p>
      )}
      <Field label="Amount paid (TZS)" error={amountError ?? errors.of('amount')} hint="Such as 150,000 or 150000.50.">
        {(c) => <input {...c} name="amount" inputMode="decimal" autoComplete="off" required value={form.amount} onChange={(e) => set({ amount: e.target.value })} />}
      </Field>
      <Field label="Paid by" error={errors.of('method')}>
        {(c) => (
          <select {...c} name="method" value={form.method} onChange={(e) => set({ method: e.target.value as TopUpMethod })}>
            {TOP_UP_METHODS.map((m) => (
              <option key={m} value={m}>
                {humanize(m)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Payment reference" error={errors.of('reference')} hint="The transaction ID of the transfer, as your bank or mobile money gave it.">
        {(c) => <input {...c} name="reference" required autoComplete="off" value={form.reference} onChange={(e) => set({ reference: e.target.value })} />}
      </Field>
      <Field label="Note (optional)" error={errors.of('note')}>
        {(c) => <textarea {...c} name="note" rows={2} value={form.note} onChange={(e) => set({ note: e.target.value })} />}
      </Field>
      {errors.general !== null && <ErrorAlert error={errors.general} />}
      <div>
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Request top-up'}
        </button>
      </div>
    </form>
  );
}
