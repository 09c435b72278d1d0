// Forms on react-hook-form, checked before sending by the server's own input schema (core/inputs), and a refusal
// of the server put on the field it names, so that the browser and the service refuse alike, in the same words.
import { useEffect } from 'react';
import { get, useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorField, errorMessage } from '../errors.ts';
import { checkErrorMap, sayInLanguage } from './form-checks.ts';

export interface SchemaFormOptions<TValues extends FieldValues, S extends z.ZodType> {
  /** The procedure's input schema, as the server takes it. */
  schema: S;
  defaultValues: DefaultValues<TValues>;
  /**
   * The call's input made from the form's values (text trimmed, an optional field left empty left out). Its fields
   * keep the form's names, so that a refusal of the schema lands on the field that holds the value.
   */
  toInput: (values: TValues) => z.input<S>;
  /** What the form's own controls must hold before there is an input to check (an amount typed in TZS): field → message. */
  readable?: (values: TValues) => Partial<Record<Path<TValues>, string>>;
}

/**
 * A form whose values are checked by `schema` on `toInput(values)`, on submit and then as fields are left and
 * changed; the submit handler receives that input as the schema read it before its transforms (what the call sends).
 */
export function useSchemaForm<TValues extends FieldValues, S extends z.ZodType>({ schema, defaultValues, toInput, readable }: SchemaFormOptions<TValues, S>) {
  // raw: the handler gets the input itself, not the schema's output (a Date where the call sends text).
  // The checks speak the language shown: zod's own messages through an error map, the schema's own ones after it.
  const made = new Set<string>();
  const map = checkErrorMap();
  const error = map && ((issue: Parameters<typeof map>[0]) => {
    const said = map(issue);
    if (typeof said === 'string') made.add(said);
    return said;
  });
  const check = zodResolver(schema as never, error ? { error } : undefined, { raw: true }) as unknown as Resolver<FieldValues, unknown, z.input<S>>;
  const resolver: Resolver<TValues, unknown, z.input<S>> = async (values, context, options) => {
    const unreadable = Object.entries(readable?.(values) ?? {}).filter((e): e is [string, string] => Boolean(e[1]));
    if (unreadable.length > 0) {
      return { values: {}, errors: Object.fromEntries(unreadable.map(([name, message]) => [name, { type: 'format', message }])) } as never;
    }
    // The errors are keyed by the input's names, which are the form's (see toInput).
    const checked = await check(toInput(values) as FieldValues, context, options as never);
    return { ...checked, errors: sayInLanguage(checked.errors, made) } as Awaited<ReturnType<Resolver<TValues, unknown, z.input<S>>>>;
  };
  return useForm<TValues, unknown, z.input<S>>({ mode: 'onTouched', defaultValues, resolver });
}

/**
 * The server's refusal of a form's call: set on the field it names (`scopes.2` on scopes), else returned to be
 * shown as an alert (a conflict, a permission, a refusal of no field of this form). A field may be one of the
 * call's input that the form holds in another shape (a schedule's `scheduled_at`): read it with messageAt.
 */
export function useServerRefusal<TValues extends FieldValues>(form: { setError: UseFormSetError<TValues> }, error: unknown, fields: readonly string[]): unknown {
  const field = errorField(error);
  const named = field === undefined ? undefined : (fields.find((f) => f === field) ?? fields.find((f) => f === field.split('.')[0]));
  const message = error ? errorMessage(error) : '';
  const { setError } = form;
  useEffect(() => {
    if (named && message) setError(named as Path<TValues>, { type: 'server', message }, { shouldFocus: true });
  }, [named, message, setError, error]);
  return error && !named ? error : null;
}

/** The message of a field, or of an input field held in another shape (`scheduled_at`), or of a list's item. */
export function messageAt<TValues extends FieldValues>(errors: FieldErrors<TValues>, name: string): string | undefined {
  const at = get(errors, name) as { message?: string } | Array<{ message?: string } | undefined> | undefined;
  if (Array.isArray(at)) return at.find((item) => item?.message)?.message;
  return at?.message;
}
