// The consent fields the address book's forms share (a contact's, an import's), and their place in a contact's form.
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/field.tsx';

export interface ConsentDraft {
  given: boolean;
  note: string;
}

export const NO_CONSENT: ConsentDraft = { given: false, note: '' };

/** The consent input the use cases take: a note when consent is given, nothing otherwise. */
export function consentInput(draft: ConsentDraft): { note: string } | undefined {
  return draft.given ? { note: draft.note.trim() } : undefined;
}

export interface ConsentFieldsProps {
  value: ConsentDraft;
  onChange: (value: ConsentDraft) => void;
  /** What the box says the member confirms (one contact, or everyone in a file). */
  label: string;
  error: string | undefined;
  hint?: ReactNode;
}

/** A box to record consent to promotional messages and, once ticked, the note saying how it was given. */
export function ConsentFields({ value, onChange, label, error, hint }: ConsentFieldsProps) {
  const { t } = useTranslation('addressBook');
  return (
    <fieldset className="field ab-consent">
      <legend>{t('consent.legend')}</legend>
      <label className="choice">
        <input type="checkbox" className="ab-check" checked={value.given} onChange={(e) => onChange({ ...value, given: e.target.checked })} /> {label}
      </label>
      {value.given && (
        <Field label={t('consent.how')} error={error} hint={hint ?? t('consent.howHint')}>
          {(c) => <textarea {...c} rows={2} maxLength={500} required value={value.note} onChange={(e) => onChange({ ...value, note: e.target.value })} />}
        </Field>
      )}
    </fieldset>
  );
}

interface ContactConsentProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPathByValue<T, ConsentDraft>;
}

/**
 * One person's consent as a field of a react-hook-form form (adding a contact, editing one): the schema's refusal
 * of the note, or of the consent as a whole, shown under it.
 */
export function ContactConsent<T extends FieldValues, TOut>({ control, name }: ContactConsentProps<T, TOut>) {
  const { t } = useTranslation('addressBook');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error as ({ message?: string; note?: { message?: string } } | undefined);
        return (
          <ConsentFields value={field.value as ConsentDraft} onChange={field.onChange} label={t('consent.onePerson')} error={error?.note?.message ?? error?.message} />
        );
      }}
    />
  );
}
