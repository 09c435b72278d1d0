// GraphQL arguments handed to the use cases, and their refusals named as the caller wrote them.
import { DomainError } from '../core/domain/errors.ts';

/** The arguments the caller gave (GraphQL passes an absent one as null or undefined), for a use case's schema. */
export const given = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));

/** A use case names its own fields (created_from); the caller wrote GraphQL's (filter.createdFrom). */
export async function namedAs<T>(fields: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const [head, ...rest] = err instanceof DomainError && err.field ? err.field.split('.') : [];
    const renamed = head !== undefined ? fields[head] : undefined;
    if (err instanceof DomainError && renamed) throw new DomainError(err.code, err.message, { field: [renamed, ...rest].join('.'), details: err.details, retryAfter: err.retryAfter });
    throw err;
  }
}
