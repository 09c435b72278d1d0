// The reply box: a transactional message to the conversation's number through messages.send (the send form's
// use case), from an approved sender ID; one idempotency key per attempt, so a retry after a lost answer never
// sends twice. The reply then shows in the thread.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import { useAction } from '../ui/use-action.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { SenderSelect } from '../developers/sender-select.tsx';

export function ReplyBox({ phone }: { phone: string }) {
  const { t } = useTranslation('inbox');
  const [from, setFrom] = useState('');
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const send = useAction(trpc.messages.send.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.inbox.thread.pathKey(), trpc.messages.pathKey(), trpc.wallet.pathKey()],
    onSuccess: () => {
      setSent(true);
      setBody('');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    send.run({ to: phone, from, body, client_ref: '', traffic_class: 'transactional', mode: 'live' }, (key) => ({ client_ref: `inbox-${key}` }));
  };

  return (
    <section className="card inbox-reply" aria-labelledby="reply-heading">
      <h2 id="reply-heading">{t('reply.heading')}</h2>
      {sent && (
        <p className="alert alert-success" role="status">
          {t('reply.sent')}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <SenderSelect trafficClass="transactional" value={from} onChange={setFrom} error={undefined} />
        <Field label={t('reply.body')} hint={t('reply.hint', { phone })}>
          {(control) => <textarea {...control} name="body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} />}
        </Field>
        {send.error !== null && <ErrorAlert error={send.error} />}
        <button type="submit" className="button" disabled={send.isPending || !from || body.trim() === ''}>
          {send.isPending ? t('reply.sending') : t('reply.send')}
        </button>
      </form>
    </section>
  );
}
