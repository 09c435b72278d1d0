// One contact: its number, consent, opt-out and groups; its name and consent edited; the contact deleted.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
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
import { ConsentFields, NO_CONSENT, consentInput, type ConsentDraft } from './consent-fields.tsx';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';

type Contact = Outputs['contacts']['get']['contact'];

export function ContactDetailPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  const can = useCan();
  const contact = useQuery(trpc.contacts.get.queryOptions({ id }));
  return (
    <Page title="Contact" actions={<a href={href('/contacts')}>Back to contacts</a>}>
      <QueryState query={contact} label="Loading the contact">
        {({ contact: c }) => (
          <>
            <ContactSummary contact={c} />
            {can('contacts.write') && <EditContact contact={c} />}
            {can('contacts.write') && <DeleteContact contact={c} />}
          </>
        )}
      </QueryState>
    </Page>
  );
}

function ContactSummary({ contact: c }: { contact: Contact }) {
  const groups = useQuery(trpc.groups.list.queryOptions());
  const names = new Map((groups.data?.groups ?? []).map((g) => [g.id, g.name]));
  return (
    <section className="card" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="nowrap">
        {c.phone}
      </h2>
      <Stats
        items={[
          { label: 'Name', value: c.name ?? '—' },
          { label: 'Consent', value: c.consent ? `Recorded ${formatDateTime(c.consent.recorded_at)}` : 'None' },
          { label: 'Opt-out', value: c.opted_out ? 'Opted out' : 'Not opted out' },
          { label: 'Added', value: formatDateTime(c.created_at) },
        ]}
      />
      {c.consent?.note && <p className="hint">How consent was given: {c.consent.note}</p>}
      {c.opted_out && <p className="note note-danger">This number opted out: it receives no promotional message, whatever its consent.</p>}
      <h3>Groups</h3>
      {c.group_ids.length === 0 ? (
        <p className="empty">In no group.</p>
      ) : (
        <ul className="ab-chips" aria-label="Groups of the contact">
          {c.group_ids.map((g) => (
            <li key={g}>
              <a href={href(`/groups/${g}`)}>{names.get(g) ?? 'Group'}</a>
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
      <h2 id="edit-heading">Edit</h2>
      {saved && (
        <p className="alert alert-success" role="status">
          Changes saved.
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label="Name" error={errors.name?.message} hint="Leave empty to clear it. The number never changes: delete the contact and add it again.">
          {(ctl) => <input {...ctl} {...form.register('name')} autoComplete="off" />}
        </Field>
        {c.consent ? (
          <fieldset className="field">
            <legend>Consent to promotional messages</legend>
            <label className="choice">
              <input type="checkbox" className="ab-check" {...form.register('withdraw')} /> Withdraw the recorded consent
            </label>
            <p className="hint">A withdrawal is kept in the consent history; consent can be recorded again later.</p>
          </fieldset>
        ) : (
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
        )}
        {general !== null && <ErrorAlert error={general} />}
        <div className="ab-actions">
          <button type="submit" className="button" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeleteContact({ contact: c }: { contact: Contact }) {
  const remove = useAction(trpc.contacts.delete.mutationOptions(), {
    invalidates: [trpc.contacts.pathKey(), trpc.groups.pathKey()],
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: trpc.contacts.get.queryKey({ id: c.id }) });
      navigate('/contacts');
    },
  });
  return (
    <section className="card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete</h2>
      <p className="hint">The contact leaves the address book and its groups; its consent history and any opt-out of the number are kept.</p>
      <ConfirmAction
        label="Delete contact"
        question={`Delete ${c.phone}${c.name ? ` (${c.name})` : ''}? This cannot be undone.`}
        confirmLabel="Yes, delete the contact"
        onConfirm={() => remove.run({ id: c.id })}
        pending={remove.isPending}
        error={remove.error}
      />
    </section>
  );
}
