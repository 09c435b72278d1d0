// POST /graphql: read-only reporting for key callers and members, masked errors, size and input limits.
import type { Express, Request } from 'express';
import { createGraphQLError, createYoga } from 'graphql-yoga';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Deps } from '../core/app/context.ts';
import type { GqlContext } from './builder.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateCaller } from '../core/app/auth/authenticate.ts';
import { DomainError } from '../core/domain/errors.ts';
import { SESSION_COOKIE, readCookies } from '../core/app/http/session-cookies.ts';
import { ERROR_STATUS } from '../core/app/http/error-status.ts';
import { queryLimits } from './limits.ts';
import { refuseHostileArguments } from './hostile-arguments.ts';
import { schema } from './schema/index.ts';

export function mountGraphql(app: Express, deps: Deps): void {
  const yoga = createYoga<{ req: Request }, GqlContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    maskedErrors: true,
    // The dashboard is same-origin; yoga's default would answer any Origin, with credentials allowed.
    cors: false,
    plugins: [
      ...queryLimits(),
      // The schema is public to developers, not to whoever probes production; tools introspect in development.
      ...(deps.config.production ? [useDisableIntrospection()] : []),
      refuseHostileArguments,
    ],
    context: async ({ req }) => {
      const ctx = await newCtx(deps);
      try {
        const { actor } = await authenticateCaller(ctx, { authorization: req.headers.authorization, sessionToken: readCookies(req).get(SESSION_COOKIE) });
        return { ctx, actor };
      } catch (err) {
        if (err instanceof DomainError) throw createGraphQLError(err.message, { extensions: { code: err.code, http: { status: ERROR_STATUS[err.code] } } });
        throw err;
      }
    },
  });
  app.use('/graphql', yoga as unknown as (req: Request, res: unknown, next: unknown) => void);
}
