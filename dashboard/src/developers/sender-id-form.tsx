// Asking the service for a sender ID: its name, the traffic classes it is for, and a note for the reviewer.
import { useState, type FormEvent } from 'react';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { humanize } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Checkboxes } from '../ui/checkboxes.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';
import { useAction } from '../ui/use-action.ts';

type TrafficClass = NonNullable<Inputs['senderIds']['request']['traffic_classes']>[number];
type Requested = Outputs['senderIds']['request']['sender_id'];

const FIELDS = ['name', 'traffic_classes', 'note'];
const EMPTY = { name: '', traffic_classes: ['transactional'] as TrafficClass[], note: '' };

export function SenderIdForm() {
  const [form, setForm] = useState(EMPTY);
  const [requested, setRequested] = useState<Requested | null>(null);
  const request = useAction(trpc.senderIds.request.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.senderIds.pathKey()],
    onSuccess: ({ sender_id }) => {
      setForm(EMPTY);
      setRequested(sender_id);
    },
  });
  const errors = formErrors(request.error, FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRequested(null);
    const note = form.note.trim();
    const body = { name: form.name.trim(), traffic_classes: form.traffic_classes, ...(note ? { note } : {}) };
    request.run(body);
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Request a sender ID">
      {requested && (
        <p className="alert alert-success" role="status">
          {requested.name} was requested. The service reviews it, then the SMS route approves it too.
        </p>
      )}
      <Field label="Sender ID" error={errors.of('name')} hint="Up to 11 letters, digits, spaces, dots, dashes, ampersands or underscores, as phones will show it.">
        {(c) => <input {...c} name="name" required autoComplete="off" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />}
      </Field>
      <Checkboxes
        legend="For traffic classes"
        options={TRAFFIC_CLASSES}
        value={form.traffic_classes}
        onChange={(traffic_classes) => setForm((f) => ({ ...f, traffic_classes }))}
        text={humanize}
        error={errors.of('traffic_classes')}
      />
      <Field label="Note for the reviewer (optional)" error={errors.of('note')}>
        {(c) => <textarea {...c} name="note" rows={3} value={form.note} onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))} />}
      </Field>
      {errors.general !== null && <ErrorAlert error={errors.general} />}
      <div>
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? 'Requesting…' : 'Request sender ID'}
        </button>
      </div>
    </form>
  );
}
