// How a refusal reads on the account forms: in English, the service's and the schema's own words; in Kiswahili,
// ours, looked up by the refusal's code (the service speaks English) or, for what the form refuses before sending,
// by the field.
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { errorCode, errorField } from '../errors.ts';
import { en } from './locale.ts';

type Refusal = keyof typeof en.refusals;
export type CheckedField = keyof typeof en.invalid;

function refusalOf(error: unknown): Refusal | undefined {
  const code = errorCode(error);
  if (code === 'validation_failed') {
    // The schema checks lengths in the browser too; what reaches the service and fails is the strength or the number.
    const field = errorField(error) ?? '';
    if (field === 'password' || field.endsWith('_password')) return 'weak_password';
    if (field === 'phone') return 'invalid_phone';
    return undefined;
  }
  return code !== undefined && code in en.refusals ? (code as Refusal) : undefined;
}

export function useRefusalWords() {
  const { t, i18n } = useTranslation('account');
  const english = i18n.language === 'en';
  return {
    /** The error for an alert: itself, or one that says it in the language shown. */
    alert(error: unknown): unknown {
      const refusal = english ? undefined : refusalOf(error);
      return refusal ? new Error(t(`refusals.${refusal}`)) : error;
    },
    /** The message under a field; serverError is the call's refusal, when the form put it there. */
    field(fieldError: FieldError | undefined, field: CheckedField, serverError: unknown): string | undefined {
      if (!fieldError || english) return fieldError?.message;
      if (fieldError.type !== 'server') return t(`invalid.${field}`);
      const refusal = refusalOf(serverError);
      return refusal ? t(`refusals.${refusal}`) : fieldError.message;
    },
  };
}
