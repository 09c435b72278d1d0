// A contact's fields (the organization's own, "town", "shop"): their values edited together, an empty one cleared,
// and a new field added to every contact from here as well as from an import's extra column.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZDefineContactFieldBody, ZSetContactFieldValuesBody } from '../../../core/inputs/contacts.ts';
import { MAX_CONTACT_FIELDS, MAX_FIELD_NAME, MAX_FIELD_VALUE } from '../../../core/domain/contact-fields.ts';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { useAction } from '../ui/use-action.ts';
import { messageAt, useSchemaForm, useServerRefusal } from '../ui/form.ts';

type Contact = Outputs['contacts']['get']['contact'];
type ContactField = Outputs['contactFields']['list']['fields'][number];

interface FieldValues {
  values: { field_id: string; value: string }[];
}

export function ContactFieldsCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation('addressBook');
  const can = useCan();
  const fields = useQuery(trpc.contactFields.list.queryOptions());
  return (
    <section className="card" aria-labelledby="fields-heading">
      <h2 id="fields-heading">{t('fields.heading')}</h2>
      <QueryState query={fields} label={t('fields.loading')}>
        {(data) => (
          <>
            {data.fields.length === 0 && <p className="empty">{t('fields.none')}</p>}
            {data.fields.length > 0 &&
              (can('contacts.write') ? (
                <EditFieldValues key={data.fields.map((f) => f.id).join()} contact={contact} fields={data.fields} />
              ) : (
                <FieldValuesShown contact={contact} />
              ))}
            {can('contacts.write') && data.fields.length < MAX_CONTACT_FIELDS && <DefineField />}
          </>
        )}
      </QueryState>
    </section>
  );
}

function FieldValuesShown({ contact }: { contact: Contact }) {
  return (
    <dl className="stats">
      {contact.fields.map((f) => (
        <div key={f.id} className="stat">
          <dt>{f.name}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const valuesOf = (contact: Contact, fields: readonly ContactField[]): FieldValues => ({
  values: fields.map((f) => ({ field_id: f.id, value: contact.fields.find((v) => v.id === f.id)?.value ?? '' })),
});

function EditFieldValues({ contact, fields }: { contact: Contact; fields: readonly ContactField[] }) {
  const { t } = useTranslation('addressBook');
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    schema: ZSetContactFieldValuesBody,
    defaultValues: valuesOf(contact, fields),
    toInput: ({ values }: FieldValues) => ({ values: values.map((v) => ({ field_id: v.field_id, value: v.value.trim() || null })) }),
  });
  const save = useAction(trpc.contacts.setFields.mutationOptions(), {
    invalidates: [trpc.contacts.list.pathKey()],
    onSuccess: (answer) => {
      setSaved(true);
      form.reset(valuesOf(answer.contact, fields));
      queryClient.setQueryData(trpc.contacts.get.queryKey({ id: contact.id }), answer);
    },
  });
  const general = useServerRefusal(form, save.error, ['values']);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => {
    setSaved(false);
    save.run({ id: contact.id, ...input });
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('fields.edit')}>
      {saved && (
        <p className="alert alert-success" role="status">
          {t('fields.saved')}
        </p>
      )}
      {fields.map((f, i) => (
        <Field key={f.id} label={f.name} error={messageAt(errors, `values.${i}.value`)}>
          {(c) => <input {...c} {...form.register(`values.${i}.value`)} maxLength={MAX_FIELD_VALUE} autoComplete="off" />}
        </Field>
      ))}
      <p className="hint">{t('fields.hint', { max: MAX_FIELD_VALUE })}</p>
      {errors.values?.message && (
        <p className="field-error" role="alert">
          {errors.values.message}
        </p>
      )}
      {general !== null && <ErrorAlert error={general} />}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('fields.saving') : t('fields.save')}
        </button>
      </div>
    </form>
  );
}

function DefineField() {
  const { t } = useTranslation('addressBook');
  const [created, setCreated] = useState<string | null>(null);
  const form = useSchemaForm({ schema: ZDefineContactFieldBody, defaultValues: { name: '' }, toInput: ({ name }: { name: string }) => ({ name }) });
  const define = useAction(trpc.contactFields.define.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.contactFields.pathKey()],
    onSuccess: (answer) => {
      setCreated(answer.field.name);
      form.reset();
    },
  });
  const general = useServerRefusal(form, define.error, ['name']);
  return (
    <details className="ab-foldable">
      <summary>{t('fields.define')}</summary>
      {created && (
        <p className="alert alert-success" role="status">
          {t('fields.defined', { name: created })}
        </p>
      )}
      <form
        className="ab-inline-form"
        onSubmit={form.handleSubmit((input) => {
          setCreated(null);
          define.run(input);
        })}
        noValidate
      >
        <Field
          label={t('fields.newName')}
          error={form.formState.errors.name?.message}
          hint={t('fields.newNameHint', { max: MAX_FIELD_NAME, fields: MAX_CONTACT_FIELDS })}
        >
          {(c) => <input {...c} {...form.register('name')} maxLength={MAX_FIELD_NAME} autoComplete="off" />}
        </Field>
        <button type="submit" className="button button-secondary" disabled={define.isPending}>
          {t('fields.defineSubmit')}
        </button>
      </form>
      {general !== null && <ErrorAlert error={general} />}
    </details>
  );
}
