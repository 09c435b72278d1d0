// Adding a contact: the number, a name, and consent with how it was given; one idempotency key per contact.
import { useState, type FormEvent } from 'react';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { Field } from '../ui/field.tsx';
import { ConsentFields, NO_CONSENT, consentInput } from './consent-fields.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { useAction } from '../ui/use-action.ts';

type Created = Outputs['contacts']['create'];

const FIELDS = ['phone', 'name', 'consent'];

export function ContactForm() {
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(NO_CONSENT);
  const [created, setCreated] = useState<Created | null>(null);
  const create = useAction(trpc.contacts.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.contacts.pathKey()],
    onSuccess: (answer) => {
      setCreated(answer);
      setPhone('');
      setName('');
      setConsent(NO_CONSENT);
    },
  });
  const errors = formErrors(create.error, FIELDS);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    const contact = { phone: phone.trim(), name: name.trim() || null, consent: consentInput(consent) };
    create.run(contact);
  };

  return (
    <form className="form" onSubmit={onSubmit} aria-label="Add a contact">
      {created && (
        <div className="alert alert-success" role="status">
          <p>
            {created.replay ? 'This contact had already been added. ' : 'Contact added: '}
            <a href={href(`/contacts/${created.contact.id}`)}>{created.contact.phone}</a>
          </p>
        </div>
      )}
      <Field label="Phone number" error={errors.of('phone')} hint="A Tanzanian mobile number: +255…, 255… or 0…">
        {(c) => <input {...c} name="phone" type="tel" inputMode="tel" autoComplete="off" required maxLength={40} value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </Field>
      <Field label="Name (optional)" error={errors.of('name')}>
        {(c) => <input {...c} name="name" maxLength={100} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <ConsentFields
        value={consent}
        onChange={setConsent}
        label="This person agreed to receive promotional messages"
        error={errors.of('consent')}
      />
      {errors.general ? <ErrorAlert error={errors.general} /> : null}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add contact'}
        </button>
      </div>
    </form>
  );
}
