// Asking the service for a sender ID: its name, the traffic classes it is for, and a note for the reviewer, checked
// by the server's schema before it is sent.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZRequestSenderIdBody } from '../../../core/inputs/sender-ids.ts';
import { TRAFFIC_CLASSES, type TrafficClass } from '../../../core/domain/pricing.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Checkboxes } from '../ui/checkboxes.tsx';

type Requested = Outputs['senderIds']['request']['sender_id'];

interface SenderValues {
  name: string;
  traffic_classes: TrafficClass[];
  note: string;
}

const EMPTY: SenderValues = { name: '', traffic_classes: ['transactional'], note: '' };

export function SenderIdForm() {
  const { t } = useTranslation(['developers', 'codes']);
  const [requested, setRequested] = useState<Requested | null>(null);
  const form = useSchemaForm({
    schema: ZRequestSenderIdBody,
    defaultValues: EMPTY,
    toInput: ({ name, traffic_classes, note }: SenderValues) => ({ name: name.trim(), traffic_classes, ...(note.trim() ? { note: note.trim() } : {}) }),
  });
  const request = useAction(trpc.senderIds.request.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.senderIds.pathKey()],
    onSuccess: ({ sender_id }) => {
      form.reset(EMPTY);
      setRequested(sender_id);
    },
  });
  const general = useServerRefusal(form, request.error, ['name', 'traffic_classes', 'note']);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setRequested(null);
    request.run(input);
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('senderForm.form')}>
      {requested && (
        <p className="alert alert-success" role="status">
          {t('senderForm.requested', { name: requested.name })}
        </p>
      )}
      <Field label={t('senderForm.name')} error={errors.name?.message} hint={t('senderForm.nameHint')}>
        {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
      </Field>
      <Controller
        control={form.control}
        name="traffic_classes"
        render={({ field }) => (
          <Checkboxes legend={t('senderForm.classes')} options={TRAFFIC_CLASSES} value={field.value} onChange={field.onChange} text={(c) => t(`codes:${c}`)} error={errors.traffic_classes?.message} />
        )}
      />
      <Field label={t('senderForm.note')} error={errors.note?.message}>
        {(c) => <textarea {...c} {...form.register('note')} rows={3} />}
      </Field>
      {general !== null && <ErrorAlert error={general} />}
      <div>
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? t('senderForm.submitting') : t('senderForm.submit')}
        </button>
      </div>
    </form>
  );
}
