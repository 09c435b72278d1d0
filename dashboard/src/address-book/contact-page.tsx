// One contact: its number, consent, opt-out and groups; its name and consent edited; the contact deleted.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import { ConsentFields, NO_CONSENT, consentInput } from './consent-fields.tsx';
import { useAction } from '../ui/use-action.ts';
import '../styles/address-book.css';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';

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

const FIELDS = ['name', 'consent'];

function EditContact({ contact: c }: { contact: Contact }) {
  const [name, setName] = useState(c.name ?? '');
  const [consent, setConsent] = useState(NO_CONSENT);
  const [withdraw, setWithdraw] = useState(false);
  const [saved, setSaved] = useState(false);
  const update = useAction(trpc.contacts.update.mutationOptions(), {
    invalidates: [trpc.contacts.list.pathKey()],
    onSuccess: (answer) => {
      setSaved(true);
      setName(answer.contact.name ?? '');
      setConsent(NO_CONSENT);
      setWithdraw(false);
      queryClient.setQueryData(trpc.contacts.get.queryKey({ id: c.id }), answer);
    },
  });
  const errors = formErrors(update.error, FIELDS);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // Consent is recorded only when none exists and withdrawn only when one does; otherwise it is left alone.
    const change = c.consent ? (withdraw ? null : undefined) : consentInput(consent);
    update.run({ id: c.id, name: name.trim(), ...(change !== undefined ? { consent: change } : {}) });
  };
  return (
    <section className="card" aria-labelledby="edit-heading">
      <h2 id="edit-heading">Edit</h2>
      {saved && (
        <p className="alert alert-success" role="status">
          Changes saved.
        </p>
      )}
      <form className="form" onSubmit={onSubmit}>
        <Field label="Name" error={errors.of('name')} hint="Leave empty to clear it. The number never changes: delete the contact and add it again.">
          {(ctl) => <input {...ctl} name="name" maxLength={100} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        {c.consent ? (
          <fieldset className="field">
            <legend>Consent to promotional messages</legend>
            <label className="choice">
              <input type="checkbox" className="ab-check" checked={withdraw} onChange={(e) => setWithdraw(e.target.checked)} /> Withdraw the recorded consent
            </label>
            <p className="hint">A withdrawal is kept in the consent history; consent can be recorded again later.</p>
          </fieldset>
        ) : (
          <ConsentFields value={consent} onChange={setConsent} label="This person agreed to receive promotional messages" error={errors.of('consent')} />
        )}
        {errors.general ? <ErrorAlert error={errors.general} /> : null}
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
