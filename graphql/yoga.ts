// POST /graphql: read-only reporting for key callers and members, masked errors, size and input limits; GET from a
// browser without a query points to the dashboard's explorer.
import type { Express, Request } from 'express';
import { createGraphQLError, createYoga, maskError } from 'graphql-yoga';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Deps } from '../core/app/context.ts';
import type { GqlContext } from './builder.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateCaller } from '../core/app/auth/authenticate.ts';
import { DomainError } from '../core/domain/errors.ts';
import { SESSION_COOKIE, readCookies } from '../core/transport/cookies.ts';
import { ERROR_STATUS } from '../core/transport/error-status.ts';
import { busyError } from '../core/transport/busy.ts';
import { queryLimits } from './limits.ts';
import { refuseDeepVariables, refuseHostileArguments } from './hostile-arguments.ts';
import { sayRefusals } from './refusals.ts';
import { explorerPointer } from './explorer-pointer.ts';
import { schema } from './schema/index.ts';

/** The status of a refusal, and Retry-After when it says when to come back (busy, rate_limited). */
function httpOf(err: DomainError) {
  const status = ERROR_STATUS[err.code];
  return err.retryAfter === undefined ? { status } : { status, headers: { 'Retry-After': String(err.retryAfter) } };
}

/**
 * Unexpected errors stay masked, but a database that is down or frozen (or contention that outlasted
 * every retry) is said plainly, as busy with retry_after and a 503 carrying Retry-After, as over REST.
 */
function maskUnlessBusy(error: unknown, message: string, isDev?: boolean): Error {
  const original = (error as { originalError?: unknown } | null)?.originalError ?? error;
  const busy = busyError(original);
  if (!busy) return maskError(error, message, isDev);
  const at = error as { path?: readonly (string | number)[]; nodes?: never };
  return createGraphQLError(busy.message, {
    ...(at.path ? { path: at.path } : {}),
    extensions: { code: busy.code, retry_after: busy.retryAfter, http: httpOf(busy) },
  });
}

/** A member's request: a session cookie and no key (a key caller is judged by its key alone). */
function presentsSession({ req }: { req: Request }): boolean {
  return req.headers.authorization === undefined && readCookies(req).get(SESSION_COOKIE) !== undefined;
}

export function mountGraphql(app: Express, deps: Deps): void {
  const yoga = createYoga<{ req: Request }, GqlContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    maskedErrors: { maskError: maskUnlessBusy },
    // The dashboard is same-origin; yoga's default would answer any Origin, with credentials allowed.
    cors: false,
    plugins: [
      refuseDeepVariables,
      ...queryLimits(),
      // The schema is public to developers and to signed-in members (the dashboard's explorer shows its docs), not to
      // whoever probes production: there, a key or a caller without a session cannot introspect. The session itself
      // is checked by the context below before anything runs.
      ...(deps.config.production ? [useDisableIntrospection({ isDisabled: (_request, server) => !presentsSession(server as { req: Request }) })] : []),
      refuseHostileArguments,
      sayRefusals,
    ],
    context: async ({ req }) => {
      const ctx = await newCtx(deps);
      try {
        const { actor } = await authenticateCaller(ctx, { authorization: req.headers.authorization, sessionToken: readCookies(req).get(SESSION_COOKIE) });
        return { ctx, actor };
      } catch (err) {
        const domain = err instanceof DomainError ? err : busyError(err);
        if (domain) throw createGraphQLError(domain.message, { extensions: { code: domain.code, http: httpOf(domain) } });
        throw err;
      }
    },
  });
  app.get('/graphql', explorerPointer);
  app.use('/graphql', yoga as unknown as (req: Request, res: unknown, next: unknown) => void);
}
