// Send one live message: recipient, approved sender ID, traffic class and body with its live counter; one
// idempotency key per message, so sending the same form again never sends twice.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { errorField, errorMessage } from '../errors.ts';
import { href } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { humanize } from '../format/text.ts';
import { useDebounced } from '../ui/use-debounced.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { BodyCounter } from './body-counter.tsx';
import { SenderSelect } from '../developers/sender-select.tsx';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';
import { useAction } from '../ui/use-action.ts';

type SendInput = Inputs['messages']['send'];
type TrafficClass = SendInput['traffic_class'] & string;
type Sent = Outputs['messages']['send'];

const FIELDS = ['to', 'from', 'traffic_class', 'body', 'client_ref', 'mode'];
const EMPTY = { to: '', from: '', traffic_class: 'transactional' as TrafficClass, body: '', client_ref: '', mode: 'live' as 'live' | 'test' };

export function SendMessagePage() {
  const [form, setForm] = useState(EMPTY);
  const [sent, setSent] = useState<Sent | null>(null);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  const draft = useDebounced({ body: form.body, traffic_class: form.traffic_class }, 250);
  const preview = useQuery({ ...trpc.messages.preview.queryOptions(draft), enabled: draft.body.length > 0, placeholderData: keepPreviousData });
  const send = useAction(trpc.messages.send.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.messages.pathKey(), trpc.wallet.pathKey()],
    onSuccess: (message) => {
      setSent(message);
      setForm((f) => ({ ...EMPTY, from: f.from, traffic_class: f.traffic_class, mode: f.mode }));
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    const message = { to: form.to.trim(), from: form.from, traffic_class: form.traffic_class, body: form.body, client_ref: form.client_ref.trim(), mode: form.mode };
    // A reference made from the key is the same on a retry, so the retry is the same request.
    send.run(message, (key) => ({ client_ref: message.client_ref || `dashboard-${key}` }));
  };

  const field = errorField(send.error);
  const fieldError = (name: string) => (send.error && field === name ? errorMessage(send.error) : undefined);
  const typing = form.body !== draft.body || preview.isFetching;

  return (
    <Page title="Send a message">
      <p className="lead">
        A live message goes to a real phone: its price is held from the wallet, charged when the operator accepts it and released if it fails. A test
        message tries the form without sending anything or paying.
      </p>
      {sent && <SentNotice sent={sent} />}
      <form className="form card" onSubmit={onSubmit}>
        <Field label="To" error={fieldError('to')} hint="A Tanzanian mobile number: +255…, 255… or 0…">
          {(control) => <input {...control} name="to" type="tel" inputMode="tel" autoComplete="off" required value={form.to} onChange={(e) => set({ to: e.target.value })} />}
        </Field>
        <fieldset className="field">
          <legend>Mode</legend>
          <label className="choice">
            <input type="radio" name="mode" value="live" checked={form.mode === 'live'} onChange={() => set({ mode: 'live' })} /> Live (a real SMS, charged)
          </label>
          <label className="choice">
            <input type="radio" name="mode" value="test" checked={form.mode === 'test'} onChange={() => set({ mode: 'test' })} /> Test (simulated, never charged)
          </label>
          <p className="hint">A test message completes at once by the number’s last digit: 1 or 2 fail, 8 is undelivered, any other digit is delivered.</p>
        </fieldset>
        <fieldset className="field">
          <legend>Traffic class</legend>
          {TRAFFIC_CLASSES.map((c) => (
            <label key={c} className="choice">
              <input type="radio" name="traffic_class" value={c} checked={form.traffic_class === c} onChange={() => set({ traffic_class: c })} /> {humanize(c)}
            </label>
          ))}
          <p className="hint">Promotional messages need the recipient’s recorded consent and go out only inside the sending window.</p>
          {fieldError('traffic_class') && <p className="field-error" role="alert">{fieldError('traffic_class')}</p>}
        </fieldset>
        <SenderSelect trafficClass={form.traffic_class} value={form.from} onChange={(from) => set({ from })} error={fieldError('from')} />
        <Field
          label="Message"
          error={fieldError('body')}
          hint={<BodyCounter id="body-counter" empty={!form.body} preview={preview.data} error={preview.error} updating={typing} />}
        >
          {(control) => <textarea {...control} name="body" rows={6} required value={form.body} onChange={(e) => set({ body: e.target.value })} />}
        </Field>
        <Field label="Your reference (optional)" error={fieldError('client_ref')} hint="Returned with the message and its webhooks; one is made for you when left empty.">
          {(control) => <input {...control} name="client_ref" maxLength={128} value={form.client_ref} onChange={(e) => set({ client_ref: e.target.value })} />}
        </Field>
        {send.error && !FIELDS.includes(field ?? '') && <ErrorAlert error={send.error} />}
        <button type="submit" className="button" disabled={send.isPending || !form.from}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </Page>
  );
}

function SentNotice({ sent }: { sent: Sent }) {
  return (
    <div className="alert alert-success" role="status">
      <p>
        {sent.replay ? 'This message had already been sent; nothing was sent again. ' : sent.test ? `Test message ${sent.status}; nothing was charged. ` : 'Message accepted. '}
        {sent.test ? '' : `${formatTzs(sent.price.total)} for ${sent.segments} ${sent.segments === 1 ? 'segment' : 'segments'} `}to {sent.to}.{' '}
        <a href={href(`/messages/${sent.id}`)}>Follow its delivery</a>
      </p>
    </div>
  );
}
