// One contact: its number, consent, opt-out, groups and fields; its name, consent and fields edited; the contact deleted.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ZUpdateContactBody } from '../../../core/inputs/contacts.ts';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import type { PageProps } from '../routes.tsx';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import { Field } from '../ui/field.tsx';
import { Stats } from '../ui/stats.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { ContactConsent, NO_CONSENT, consentInput, type ConsentDraft } from './consent-fields.tsx';
import { ContactFieldsCard } from './contact-fields-card.tsx';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';

type Contact = Outputs['contacts']['get']['contact'];

export function ContactDetailPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  const { t } = useTranslation('addressBook');
  const can = useCan();
  const contact = useQuery(trpc.contacts.get.queryOptions({ id }));
  return (
    <Page title={t('contact.title')} actions={<a href={href('/contacts')}>{t('contact.back')}</a>}>
      <QueryState query={contact} label={t('contact.loading')}>
        {({ contact: c }) => (
          <>
            <ContactSummary contact={c} />
            <ContactFieldsCard contact={c} />
            {can('contacts.write') && <EditContact contact={c} />}
            {can('contacts.write') && <DeleteContact contact={c} />}
          </>
        )}
      </QueryState>
    </Page>
  );
}

function ContactSummary({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation('addressBook');
  const groups = useQuery(trpc.groups.list.queryOptions());
  const names = new Map((groups.data?.groups ?? []).map((g) => [g.id, g.name]));
  return (
    <section className="card" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="nowrap">
        {c.phone}
      </h2>
      <Stats
        items={[
          { label: t('name'), value: c.name ?? '—' },
          { label: t('consentLabel'), value: c.consent ? t('contact.consentRecorded', { at: formatDateTime(c.consent.recorded_at) }) : t('contact.noConsent') },
          { label: t('optOutLabel'), value: c.opted_out ? t('optedOut') : t('contact.notOptedOut') },
          { label: t('added'), value: formatDateTime(c.created_at) },
        ]}
      />
      {c.consent?.note && <p className="hint">{t('contact.consentNote', { note: c.consent.note })}</p>}
      {c.opted_out && <p className="note note-danger">{t('contact.optedOutNote')}</p>}
      <h3>{t('contact.groups')}</h3>
      {c.group_ids.length === 0 ? (
        <p className="empty">{t('contact.noGroup')}</p>
      ) : (
        <ul className="ab-chips" aria-label={t('contact.groupsOf')}>
          {c.group_ids.map((g) => (
            <li key={g}>
              <a href={href(`/groups/${g}`)}>{names.get(g) ?? t('group.title')}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface EditValues {
  name: string;
  consent: ConsentDraft;
  withdraw: boolean;
}

function EditContact({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation('addressBook');
  const [saved, setSaved] = useState(false);
  // Consent is recorded only when none exists and withdrawn only when one does; otherwise it is left alone.
  const toInput = ({ name, consent, withdraw }: EditValues) => {
    const change = c.consent ? (withdraw ? null : undefined) : consentInput(consent);
    return { name: name.trim(), ...(change !== undefined ? { consent: change } : {}) };
  };
  const form = useSchemaForm({ schema: ZUpdateContactBody, defaultValues: { name: c.name ?? '', consent: NO_CONSENT, withdraw: false }, toInput });
  const update = useAction(trpc.contacts.update.mutationOptions(), {
    invalidates: [trpc.contacts.list.pathKey()],
    onSuccess: (answer) => {
      setSaved(true);
      form.reset({ name: answer.contact.name ?? '', consent: NO_CONSENT, withdraw: false });
      queryClient.setQueryData(trpc.contacts.get.queryKey({ id: c.id }), answer);
    },
  });
  const general = useServerRefusal(form, update.error, ['name', 'consent.note', 'consent']);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => {
    setSaved(false);
    update.run({ id: c.id, ...input });
  });
  return (
    <section className="card" aria-labelledby="edit-heading">
      <h2 id="edit-heading">{t('contact.edit')}</h2>
      {saved && (
        <p className="alert alert-success" role="status">
          {t('contact.saved')}
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label={t('name')} error={errors.name?.message} hint={t('contact.nameHint')}>
          {(ctl) => <input {...ctl} {...form.register('name')} autoComplete="off" />}
        </Field>
        {c.consent ? (
          <fieldset className="field">
            <legend>{t('consent.legend')}</legend>
            <label className="choice">
              <input type="checkbox" className="ab-check" {...form.register('withdraw')} /> {t('contact.withdraw')}
            </label>
            <p className="hint">{t('contact.withdrawHint')}</p>
          </fieldset>
        ) : (
          <ContactConsent control={form.control} name="consent" />
        )}
        {general !== null && <ErrorAlert error={general} />}
        <div className="ab-actions">
          <button type="submit" className="button" disabled={update.isPending}>
            {update.isPending ? t('contact.saving') : t('contact.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeleteContact({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation('addressBook');
  const remove = useAction(trpc.contacts.delete.mutationOptions(), {
    invalidates: [trpc.contacts.pathKey(), trpc.groups.pathKey()],
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: trpc.contacts.get.queryKey({ id: c.id }) });
      navigate('/contacts');
    },
  });
  return (
    <section className="card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('contact.delete')}</h2>
      <p className="hint">{t('contact.deleteHint')}</p>
      <ConfirmAction
        label={t('contact.deleteButton')}
        question={c.name ? t('contact.deleteNamed', { phone: c.phone, name: c.name }) : t('contact.deleteQuestion', { phone: c.phone })}
        confirmLabel={t('contact.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={() => remove.run({ id: c.id })}
        pending={remove.isPending}
        error={remove.error}
      />
    </section>
  );
}
