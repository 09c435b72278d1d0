// The consent fields the address book's forms share (a contact's, an import's).
import type { ReactNode } from 'react';
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
  return (
    <fieldset className="field ab-consent">
      <legend>Consent to promotional messages</legend>
      <label className="choice">
        <input type="checkbox" className="ab-check" checked={value.given} onChange={(e) => onChange({ ...value, given: e.target.checked })} /> {label}
      </label>
      {value.given && (
        <Field label="How consent was given" error={error} hint={hint ?? 'For example: “signed the paper form at the Mwenge shop, 3 March”. It is kept in the consent history.'}>
          {(c) => <textarea {...c} rows={2} maxLength={500} required value={value.note} onChange={(e) => onChange({ ...value, note: e.target.value })} />}
        </Field>
      )}
    </fieldset>
  );
}
