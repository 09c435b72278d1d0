// The form checks' words in the language shown. The input schemas are the server's, in English: in English their
// messages are shown as they are (they name the limit exactly); in Kiswahili each refusal is said by its kind, with
// the limit zod gives, and a message the schema wrote itself by its kind alone.
import type { z } from 'zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { currentLanguage, i18next } from '../i18n/i18n.ts';

type Issue = z.core.$ZodRawIssue;

function sizeOf(issue: Issue, bound: 'minimum' | 'maximum'): string {
  return String((issue as { [k: string]: unknown })[bound] ?? '');
}

/** A refusal's words in the language shown, from the issue's kind and its limit. */
export function checkMessage(issue: Issue): string {
  const t = i18next.t;
  const origin = (issue as { origin?: string }).origin;
  switch (issue.code) {
    case 'too_small':
      if (origin === 'string') return sizeOf(issue, 'minimum') === '1' ? t('common:checks.required') : t('common:checks.tooShort', { minimum: sizeOf(issue, 'minimum') });
      if (origin === 'array' || origin === 'set') return t('common:checks.fewItems', { minimum: sizeOf(issue, 'minimum') });
      return t('common:checks.tooSmall', { minimum: sizeOf(issue, 'minimum') });
    case 'too_big':
      if (origin === 'string') return t('common:checks.tooLong', { maximum: sizeOf(issue, 'maximum') });
      if (origin === 'array' || origin === 'set') return t('common:checks.manyItems', { maximum: sizeOf(issue, 'maximum') });
      return t('common:checks.tooBig', { maximum: sizeOf(issue, 'maximum') });
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? t('common:checks.required') : t('common:checks.format');
    case 'invalid_format':
      return (issue as { format?: string }).format === 'email' ? t('common:checks.email') : t('common:checks.format');
    case 'invalid_value':
      return t('common:checks.choice');
    default:
      return t('common:checks.invalid');
  }
}

/** The error map a parse is given: Kiswahili words for zod's own messages, nothing in English (zod's words stay). */
export function checkErrorMap(): z.core.$ZodErrorMap | undefined {
  return currentLanguage() === 'en' ? undefined : (issue) => checkMessage(issue);
}

const GENERIC: Record<string, string> = { too_small: 'invalid', too_big: 'invalid', invalid_type: 'required', invalid_format: 'format', invalid_value: 'choice' };

/**
 * The messages a schema wrote itself (English, placed before any error map) said in Kiswahili by their kind; the
 * ones the error map made are kept. `made` holds those.
 */
export function sayInLanguage<T extends FieldValues>(errors: FieldErrors<T>, made: ReadonlySet<string>): FieldErrors<T> {
  if (currentLanguage() === 'en') return errors;
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const e = node as { message?: unknown; type?: unknown };
    if (typeof e.message === 'string' && typeof e.type === 'string' && !made.has(e.message)) {
      e.message = i18next.t(`common:checks.${(GENERIC[e.type] ?? 'invalid') as 'invalid'}`);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(value);
  };
  walk(errors);
  return errors;
}
