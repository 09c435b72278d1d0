// Every resolver checks the operation's access like REST does, then calls the use case.
// graphql-yoga's own error factory: a GraphQLError of the same graphql instance yoga checks against.
import { createGraphQLError } from 'graphql-yoga';
import type { Access } from '../core/domain/access.ts';
import type { GqlContext } from './builder.ts';
import { authorize } from '../core/app/actor.ts';
import { DomainError } from '../core/domain/errors.ts';

export async function guarded<T>(context: GqlContext, access: Access, run: () => Promise<T>): Promise<T> {
  try {
    authorize(context.actor, access);
    return await run();
  } catch (err) {
    // Expected refusals reach the caller with their code; anything else stays masked.
    if (err instanceof DomainError) throw createGraphQLError(err.message, { extensions: { code: err.code, field: err.field } });
    throw err;
  }
}

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
