// Send one message: recipient, approved sender ID, traffic class and body with its live counter, live or test
// (test until the organization is verified: its default_send_mode), now or later (send-later.tsx), checked by the
// server's schema before it is sent; one idempotency key per message, so sending the same form again never sends twice.
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZSendMessageBody } from '../../../core/inputs/messages.ts';
import { TRAFFIC_CLASSES, type TrafficClass } from '../../../core/domain/pricing.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { useDebounced } from '../ui/use-debounced.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { BodyCounter } from './body-counter.tsx';
import { SentNotice } from './sent-notice.tsx';
import { SenderSelect } from '../developers/sender-select.tsx';
import { useServiceClockOffset } from '../campaigns/countdown.tsx';
import { SendLaterFields, sendAtOf, sendAtProblem } from './send-later.tsx';

type Sent = Outputs['messages']['send'];

interface MessageValues {
  to: string;
  from: string;
  traffic_class: TrafficClass;
  body: string;
  client_ref: string;
  mode: 'live' | 'test';
  when: 'now' | 'later';
  send_at: string;
}

const EMPTY: Omit<MessageValues, 'mode'> = { to: '', from: '', traffic_class: 'transactional', body: '', client_ref: '', when: 'now', send_at: '' };

/** The message as sent, less its reference when none was typed: one is made from the idempotency key. */
function messageOf(v: MessageValues) {
  const sendAt = sendAtOf(v);
  return { to: v.to.trim(), from: v.from, traffic_class: v.traffic_class, body: v.body, client_ref: v.client_ref.trim(), ...(sendAt ? { send_at: sendAt } : {}) };
}

export function SendMessagePage() {
  const { t } = useTranslation(['messages', 'codes']);
  const startMode = useSession().organization.default_send_mode;
  const [sent, setSent] = useState<Sent | null>(null);
  // A time is judged by the service's clock; the check reads the offset as it is when it runs.
  const clockOffset = useRef<number | null>(null);
  clockOffset.current = useServiceClockOffset();
  // The reference made from the key ("dashboard-<uuid>") is checked as a typed one would be.
  const form = useSchemaForm({
    schema: ZSendMessageBody,
    defaultValues: { ...EMPTY, mode: startMode },
    toInput: (v: MessageValues) => ({ ...messageOf(v), client_ref: v.client_ref.trim() || 'dashboard' }),
    readable: (v: MessageValues) => ({ send_at: sendAtProblem(v, clockOffset.current === null ? null : Date.now() + clockOffset.current, t) }),
  });
  const [body, trafficClass, from, mode, when, sendAt] = form.watch(['body', 'traffic_class', 'from', 'mode', 'when', 'send_at']);
  const draft = useDebounced({ body, traffic_class: trafficClass }, 250);
  const preview = useQuery({ ...trpc.messages.preview.queryOptions(draft), enabled: draft.body.length > 0, placeholderData: keepPreviousData });
  const send = useAction(trpc.messages.send.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.messages.pathKey(), trpc.wallet.pathKey()],
    onSuccess: (message) => {
      setSent(message);
      const { from: sender, traffic_class, mode: sentMode } = form.getValues();
      form.reset({ ...EMPTY, from: sender, traffic_class, mode: sentMode });
    },
  });
  const general = useServerRefusal(form, send.error, ['to', 'from', 'traffic_class', 'body', 'client_ref', 'mode', 'send_at']);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(() => {
    setSent(null);
    const values = form.getValues();
    const message = { ...messageOf(values), mode: values.mode };
    // A reference made from the key is the same on a retry, so the retry is the same request.
    send.run(message, (key) => ({ client_ref: message.client_ref || `dashboard-${key}` }));
  });
  const typing = body !== draft.body || preview.isFetching;

  return (
    <Page title={t('send.title')}>
      <p className="lead">{t('send.lead')}</p>
      {sent && <SentNotice sent={sent} />}
      <form className="form card" onSubmit={onSubmit} noValidate>
        <Field label={t('send.to')} error={errors.to?.message} hint={t('send.toHint')}>
          {(control) => <input {...control} {...form.register('to')} type="tel" inputMode="tel" autoComplete="off" />}
        </Field>
        <fieldset className="field">
          <legend>{t('send.mode')}</legend>
          {startMode === 'test' && <p className="note note-test">{t('send.startsInTest')}</p>}
          <label className="choice">
            <input type="radio" value="live" {...form.register('mode')} /> {t('send.live')}
          </label>
          <label className="choice">
            <input type="radio" value="test" {...form.register('mode')} /> {t('send.test')}
          </label>
          <p className="hint">{t('send.testHint')}</p>
        </fieldset>
        <fieldset className="field">
          <legend>{t('send.class')}</legend>
          {TRAFFIC_CLASSES.map((c) => (
            <label key={c} className="choice">
              <input type="radio" value={c} {...form.register('traffic_class')} /> {t(`codes:${c}`)}
            </label>
          ))}
          <p className="hint">{t('send.classHint')}</p>
          {errors.traffic_class && (
            <p className="field-error" role="alert">
              {errors.traffic_class.message}
            </p>
          )}
        </fieldset>
        <Controller
          control={form.control}
          name="from"
          render={({ field }) => <SenderSelect trafficClass={trafficClass} value={field.value} onChange={field.onChange} error={errors.from?.message} />}
        />
        <Field
          label={t('send.body')}
          error={errors.body?.message}
          hint={<BodyCounter id="body-counter" empty={!body} preview={preview.data} error={preview.error} updating={typing} />}
        >
          {(control) => <textarea {...control} {...form.register('body')} rows={6} />}
        </Field>
        <Field label={t('send.reference')} error={errors.client_ref?.message} hint={t('send.referenceHint')}>
          {(control) => <input {...control} {...form.register('client_ref')} maxLength={128} />}
        </Field>
        <SendLaterFields values={{ mode, when, send_at: sendAt }} when={form.register('when')} at={form.register('send_at')} error={errors.send_at?.message} />
        {general !== null && <ErrorAlert error={general} />}
        <button type="submit" className="button" disabled={send.isPending || !from}>
          {send.isPending ? t('send.sending') : t('send.submit')}
        </button>
      </form>
    </Page>
  );
}
