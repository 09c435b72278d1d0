// Adding a contact: the number, a name, and consent with how it was given, checked by the server's schema.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { ZCreateContactBody } from '../../../core/inputs/contacts.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ConsentFields, NO_CONSENT, consentInput, type ConsentDraft } from './consent-fields.tsx';

type Created = Outputs['contacts']['create'];

interface ContactValues {
  phone: string;
  name: string;
  consent: ConsentDraft;
}

const EMPTY: ContactValues = { phone: '', name: '', consent: NO_CONSENT };

export function ContactForm() {
  const [created, setCreated] = useState<Created | null>(null);
  const form = useSchemaForm({
    schema: ZCreateContactBody,
    defaultValues: EMPTY,
    toInput: ({ phone, name, consent }: ContactValues) => ({ phone: phone.trim(), name: name.trim() || null, consent: consentInput(consent) ?? null }),
  });
  const create = useAction(trpc.contacts.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.contacts.pathKey()],
    onSuccess: (answer) => {
      setCreated(answer);
      form.reset(EMPTY);
    },
  });
  const general = useServerRefusal(form, create.error, ['phone', 'name', 'consent.note', 'consent']);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setCreated(null);
    create.run(input);
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Add a contact">
      {created && (
        <div className="alert alert-success" role="status">
          <p>
            {created.replay ? 'This contact had already been added. ' : 'Contact added: '}
            <a href={href(`/contacts/${created.contact.id}`)}>{created.contact.phone}</a>
          </p>
        </div>
      )}
      <Field label="Phone number" error={errors.phone?.message} hint="A Tanzanian mobile number: +255…, 255… or 0…">
        {(c) => <input {...c} {...form.register('phone')} type="tel" inputMode="tel" autoComplete="off" />}
      </Field>
      <Field label="Name (optional)" error={errors.name?.message}>
        {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
      </Field>
      <Controller
        control={form.control}
        name="consent"
        render={({ field }) => (
          <ConsentFields
            value={field.value}
            onChange={field.onChange}
            label="This person agreed to receive promotional messages"
            error={errors.consent?.note?.message ?? errors.consent?.message}
          />
        )}
      />
      {general !== null && <ErrorAlert error={general} />}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add contact'}
        </button>
      </div>
    </form>
  );
}
