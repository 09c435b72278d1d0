// Adding a contact: the number, a name, and consent with how it was given, checked by the server's schema.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZCreateContactBody } from '../../../core/inputs/contacts.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { href } from '../router.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ContactConsent, NO_CONSENT, consentInput, type ConsentDraft } from './consent-fields.tsx';

type Created = Outputs['contacts']['create'];

interface ContactValues {
  phone: string;
  name: string;
  consent: ConsentDraft;
}

const EMPTY: ContactValues = { phone: '', name: '', consent: NO_CONSENT };

export function ContactForm() {
  const { t } = useTranslation('addressBook');
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
    <form className="form" onSubmit={submit} noValidate aria-label={t('contacts.add')}>
      {created && (
        <div className="alert alert-success" role="status">
          <p>
            {created.replay ? t('contactForm.replayed') : t('contactForm.added')} <a href={href(`/contacts/${created.contact.id}`)}>{created.contact.phone}</a>
          </p>
        </div>
      )}
      <Field label={t('phone')} error={errors.phone?.message} hint={t('phoneHint')}>
        {(c) => <input {...c} {...form.register('phone')} type="tel" inputMode="tel" autoComplete="off" />}
      </Field>
      <Field label={t('contactForm.nameOptional')} error={errors.name?.message}>
        {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
      </Field>
      <ContactConsent control={form.control} name="consent" />
      {general !== null && <ErrorAlert error={general} />}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? t('contactForm.adding') : t('contactForm.submit')}
        </button>
      </div>
    </form>
  );
}
