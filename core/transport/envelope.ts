// The spec's envelopes, as the adapters that answer in JSON render them: {success: true, data} and
// {success: false, error: {code, message, field?, details?}}.
import type { DomainError } from '../domain/errors.ts';

/**
 * The success envelope around a value's JSON text. A replay puts the text its record kept where the first answer
 * put the value's JSON.stringify, so the two are the same bytes.
 */
export const successBody = (dataJson: string): string => `{"success":true,"data":${dataJson}}`;

export function errorBody(err: DomainError) {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.field !== undefined) error['field'] = err.field;
  if (err.details !== undefined) error['details'] = err.details;
  return { success: false, error };
}
