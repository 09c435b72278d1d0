// Recording an opt-out (a number and an optional reason) and clearing one (a reason and the evidence, both kept),
// each checked by the server's schema before it is sent.
import { useEffect, useRef, useState } from 'react';
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
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Record an opt-out">
      {recorded && (
        <p className="alert alert-success" role="status">
          {recorded.created ? `Opt-out recorded for ${recorded.opt_out.phone}.` : `${recorded.opt_out.phone} had already opted out; its opt-out is unchanged.`}
        </p>
      )}
      <Field label="Phone number" error={errors.phone?.message} hint="A Tanzanian mobile number: +255…, 255… or 0…">
        {(c) => <input {...c} {...form.register('phone')} type="tel" inputMode="tel" autoComplete="off" />}
      </Field>
      <Field label="Reason (optional)" error={errors.reason?.message} hint="For example: “asked by phone to stop promotions”.">
        {(c) => <textarea {...c} {...form.register('reason')} rows={2} />}
      </Field>
      {general !== null && <ErrorAlert error={general} />}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record opt-out'}
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [optOut.id]);
  const form = useSchemaForm({
    schema: ZClearOptOutBody,
    defaultValues: { reason: '', evidence: '' },
    toInput: ({ reason, evidence }: { reason: string; evidence: string }) => ({ reason: reason.trim(), evidence: evidence.trim() }),
  });
  const clear = useAction(trpc.optOuts.clear.mutationOptions(), {
    invalidates: changes,
    onSuccess: (answer) => onDone(`The opt-out of ${answer.opt_out.phone} is cleared.`),
  });
  const general = useServerRefusal(form, clear.error, ['reason', 'evidence']);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => clear.run({ id: optOut.id, ...input }));
  return (
    <section className="card ab-clear" aria-labelledby="clear-heading">
      <h2 id="clear-heading" ref={heading} tabIndex={-1}>
        Clear the opt-out of <span className="nowrap">{optOut.phone}</span>
      </h2>
      <p className="hint">
        Clear an opt-out only when the person asked to receive promotions again. The reason and the evidence are kept in the consent history and the
        audit log; the opt-out itself stays on record.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label="Reason" error={errors.reason?.message} hint="3 to 500 characters.">
          {(c) => <textarea {...c} {...form.register('reason')} rows={2} />}
        </Field>
        <Field label="Evidence" error={errors.evidence?.message} hint="Where the request is kept: a signed form, a message, a call reference. 3 to 500 characters.">
          {(c) => <textarea {...c} {...form.register('evidence')} rows={2} />}
        </Field>
        {general !== null && <ErrorAlert error={general} />}
        <div className="ab-actions">
          <button type="submit" className="button" disabled={clear.isPending}>
            {clear.isPending ? 'Clearing…' : 'Clear opt-out'}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
