// Recording an opt-out (a number and an optional reason) and clearing one (a reason and the evidence, both kept).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { trpc, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { useAction } from '../ui/use-action.ts';

type OptOut = Outputs['optOuts']['list']['opt_outs'][number];
type Recorded = Outputs['optOuts']['record'];

// A contact's opt-out flag follows its number's opt-outs.
const changes = () => [trpc.optOuts.pathKey(), trpc.contacts.pathKey()];

export function RecordOptOut() {
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const record = useAction(trpc.optOuts.record.mutationOptions(), {
    invalidates: changes,
    onSuccess: (answer) => {
      setRecorded(answer);
      setPhone('');
      setReason('');
    },
  });
  const errors = formErrors(record.error, ['phone', 'reason']);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRecorded(null);
    record.run({ phone: phone.trim(), ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };
  return (
    <form className="form" onSubmit={onSubmit} aria-label="Record an opt-out">
      {recorded && (
        <p className="alert alert-success" role="status">
          {recorded.created ? `Opt-out recorded for ${recorded.opt_out.phone}.` : `${recorded.opt_out.phone} had already opted out; its opt-out is unchanged.`}
        </p>
      )}
      <Field label="Phone number" error={errors.of('phone')} hint="A Tanzanian mobile number: +255…, 255… or 0…">
        {(c) => <input {...c} name="phone" type="tel" inputMode="tel" autoComplete="off" required maxLength={40} value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </Field>
      <Field label="Reason (optional)" error={errors.of('reason')} hint="For example: “asked by phone to stop promotions”.">
        {(c) => <textarea {...c} name="reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {errors.general ? <ErrorAlert error={errors.general} /> : null}
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
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [optOut.id]);
  const clear = useAction(trpc.optOuts.clear.mutationOptions(), {
    invalidates: changes,
    onSuccess: (answer) => onDone(`The opt-out of ${answer.opt_out.phone} is cleared.`),
  });
  const errors = formErrors(clear.error, ['reason', 'evidence']);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    clear.run({ id: optOut.id, reason: reason.trim(), evidence: evidence.trim() });
  };
  return (
    <section className="card ab-clear" aria-labelledby="clear-heading">
      <h2 id="clear-heading" ref={heading} tabIndex={-1}>
        Clear the opt-out of <span className="nowrap">{optOut.phone}</span>
      </h2>
      <p className="hint">
        Clear an opt-out only when the person asked to receive promotions again. The reason and the evidence are kept in the consent history and the
        audit log; the opt-out itself stays on record.
      </p>
      <form className="form" onSubmit={onSubmit}>
        <Field label="Reason" error={errors.of('reason')} hint="3 to 500 characters.">
          {(c) => <textarea {...c} name="reason" rows={2} required minLength={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <Field label="Evidence" error={errors.of('evidence')} hint="Where the request is kept: a signed form, a message, a call reference. 3 to 500 characters.">
          {(c) => <textarea {...c} name="evidence" rows={2} required minLength={3} maxLength={500} value={evidence} onChange={(e) => setEvidence(e.target.value)} />}
        </Field>
        {errors.general ? <ErrorAlert error={errors.general} /> : null}
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
