// POST /graphql: read-only reporting for key callers and members, masked errors, depth and size limits.
import type { Express, Request } from 'express';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import { Kind, type ASTNode, type ValidationRule } from 'graphql';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { Deps } from '../core/app/context.ts';
import type { GqlContext } from './builder.ts';
import { newCtx } from '../core/app/context.ts';
import { authenticateCaller } from '../core/app/auth/authenticate.ts';
import { DomainError } from '../core/domain/errors.ts';
import { SESSION_COOKIE, readCookies } from '../rest-facade/cookies.ts';
import { ERROR_STATUS } from '../rest-facade/error-status.ts';
import { schema } from './schema/index.ts';

export const MAX_DEPTH = 8;
export const MAX_FIELDS = 200;
/** Tokens of a document, counted while parsing: a selection nested thousands deep stops here, not in a stack overflow. */
export const MAX_TOKENS = 1000;

function depthOf(node: ASTNode, depth: number): number {
  if (!('selectionSet' in node) || !node.selectionSet) return depth;
  return Math.max(depth, ...node.selectionSet.selections.map((s) => depthOf(s, s.kind === Kind.FIELD ? depth + 1 : depth)));
}

function countFields(node: ASTNode): number {
  if (!('selectionSet' in node) || !node.selectionSet) return 0;
  return node.selectionSet.selections.reduce((n, s) => n + (s.kind === Kind.FIELD ? 1 : 0) + countFields(s), 0);
}

/** Refuses queries nested deeper than MAX_DEPTH or selecting more than MAX_FIELDS fields. */
export const limitQuerySize: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (depthOf(node, 0) > MAX_DEPTH) context.reportError(createGraphQLError(`The query is nested deeper than ${MAX_DEPTH} levels.`, { nodes: node }));
    if (countFields(node) > MAX_FIELDS) context.reportError(createGraphQLError(`The query selects more than ${MAX_FIELDS} fields.`, { nodes: node }));
  },
});

const sizeLimits: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(limitQuerySize);
  },
};

export function mountGraphql(app: Express, deps: Deps): void {
  const yoga = createYoga<{ req: Request }, GqlContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    maskedErrors: true,
    plugins: [maxTokensPlugin({ n: MAX_TOKENS }), sizeLimits],
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
