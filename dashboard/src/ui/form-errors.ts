// Which refusal goes where on a form: next to the field it names, or as an alert when it names none of the form's fields.
import { errorField, errorMessage } from '../errors.ts';

export interface FormErrors {
  /** The message for a field of the form, when the refusal names it. */
  of(name: string): string | undefined;
  /** The refusal when it names no field of the form (a conflict, a permission): shown as an alert. */
  general: unknown;
}

export function formErrors(error: unknown, fields: readonly string[]): FormErrors {
  // A refusal of one item of a list ("scopes.2") belongs to the list's own control.
  const field = errorField(error)?.split('.')[0];
  const named = Boolean(error) && field !== undefined && fields.includes(field);
  return {
    of: (name) => (error && named && field === name ? errorMessage(error) : undefined),
    general: error && !named ? error : null,
  };
}
