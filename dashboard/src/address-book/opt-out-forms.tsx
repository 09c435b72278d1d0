// Recording an opt-out (a number and an optional reason) and clearing one (a reason and the evidence, both kept),
// each checked by the server's schema before it is sent.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZClearOptOutBody, ZRecordOptOutBody } from '../../../core/inputs/opt-outs.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { useAction } from '../ui/use-action.ts';

type OptOut = Outputs['optOuts']['list']['opt_outs'][number];
type Recorded = Outputs['optOuts']['record'];

// A contact's opt-out flag follows its number's opt-outs.
const changes = () => [trpc.optOuts.pathKey(), trpc.contacts.pathKey()];

export function RecordOptOut() {
  const { t } = useTranslation('addressBook');
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const form = useSchemaForm({
    schema: ZRecordOptOutBody,
    defaultValues: { phone: '', reason: '' },
    toInput: ({ phone, reason }: { phone: string; reason: string }) => ({ phone: phone.trim(), ...(reason.trim() ? { reason: reason.trim() } : {}) }),
  });
  const record = useAction(trpc.optOuts.record.mutationOptions(), {
    invalidates: changes,
    onSuccess: (answer) => {
      setRecorded(answer);
      form.reset();
    },
  });
  const general = useServerRefusal(form, record.error, ['phone', 'reason']);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => {
    setRecorded(null);
    record.run(input);
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('optOuts.record')}>
      {recorded && (
        <p className="alert alert-success" role="status">
          {recorded.created ? t('optOuts.recorded', { phone: recorded.opt_out.phone }) : t('optOuts.already', { phone: recorded.opt_out.phone })}
        </p>
      )}
      <Field label={t('phone')} error={errors.phone?.message} hint={t('phoneHint')}>
        {(c) => <input {...c} {...form.register('phone')} type="tel" inputMode="tel" autoComplete="off" />}
      </Field>
      <Field label={t('optOuts.reasonOptional')} error={errors.reason?.message} hint={t('optOuts.reasonHint')}>
        {(c) => <textarea {...c} {...form.register('reason')} rows={2} />}
      </Field>
      {general !== null && <ErrorAlert error={general} />}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={record.isPending}>
          {record.isPending ? t('optOuts.recording') : t('optOuts.recordButton')}
        </button>
      </div>
    </form>
  );
}

export interface ClearOptOutProps {
  optOut: OptOut;
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function ClearOptOut({ optOut, onDone, onCancel }: ClearOptOutProps) {
  const { t } = useTranslation('addressBook');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [optOut.id]);
  const form = useSchemaForm({
    schema: ZClearOptOutBody,
    defaultValues: { reason: '', evidence: '' },
    toInput: ({ reason, evidence }: { reason: string; evidence: string }) => ({ reason: reason.trim(), evidence: evidence.trim() }),
  });
  const clear = useAction(trpc.optOuts.clear.mutationOptions(), {
    invalidates: changes,
    onSuccess: (answer) => onDone(t('optOuts.cleared', { phone: answer.opt_out.phone })),
  });
  const general = useServerRefusal(form, clear.error, ['reason', 'evidence']);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => clear.run({ id: optOut.id, ...input }));
  return (
    <section className="card ab-clear" aria-labelledby="clear-heading">
      <h2 id="clear-heading" ref={heading} tabIndex={-1}>
        {t('optOuts.clearHeading', { phone: optOut.phone })}
      </h2>
      <p className="hint">{t('optOuts.clearHint')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label={t('optOuts.reason')} error={errors.reason?.message} hint={t('optOuts.reasonLength')}>
          {(c) => <textarea {...c} {...form.register('reason')} rows={2} />}
        </Field>
        <Field label={t('optOuts.evidence')} error={errors.evidence?.message} hint={t('optOuts.evidenceHint')}>
          {(c) => <textarea {...c} {...form.register('evidence')} rows={2} />}
        </Field>
        {general !== null && <ErrorAlert error={general} />}
        <div className="ab-actions">
          <button type="submit" className="button" disabled={clear.isPending}>
            {clear.isPending ? t('optOuts.clearing') : t('optOuts.clearButton')}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
