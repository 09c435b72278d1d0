// The dashboard's tRPC router, mounted at /trpc: one procedure a file under routers/<area>/, each calling the
// use case REST calls.
import type { Express } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { Deps } from '../core/app/context.ts';
import { DomainError } from '../core/domain/errors.ts';
import { createContext, router } from './trpc.ts';
import { authRouter } from './routers/auth/index.ts';
import { walletRouter } from './routers/wallet/index.ts';
import { senderIdsRouter } from './routers/sender-ids/index.ts';
import { messagesRouter } from './routers/messages/index.ts';
import { inboxRouter } from './routers/inbox/index.ts';
import { contactsRouter } from './routers/contacts/index.ts';
import { contactFieldsRouter } from './routers/contact-fields/index.ts';
import { groupsRouter } from './routers/groups/index.ts';
import { optOutsRouter } from './routers/opt-outs/index.ts';
import { importsRouter } from './routers/imports/index.ts';
import { campaignsRouter } from './routers/campaigns/index.ts';
import { apiKeysRouter } from './routers/api-keys/index.ts';
import { webhooksRouter } from './routers/webhooks/index.ts';
import { membersRouter } from './routers/members/index.ts';
import { auditRouter } from './routers/audit/index.ts';
import { platformRouter } from './routers/platform/index.ts';
import { RETRY_AFTER_HEADER } from '../core/transport/headers.ts';

export const appRouter = router({
  auth: authRouter,
  wallet: walletRouter,
  senderIds: senderIdsRouter,
  messages: messagesRouter,
  inbox: inboxRouter,
  contacts: contactsRouter,
  contactFields: contactFieldsRouter,
  groups: groupsRouter,
  optOuts: optOutsRouter,
  imports: importsRouter,
  campaigns: campaignsRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  members: membersRouter,
  audit: auditRouter,
  platform: platformRouter,
});
export type AppRouter = typeof appRouter;

/** Calls one batched request may carry: each is a query, so an unbounded batch multiplied the work of one request. */
export const MAX_BATCH = 10;

export interface TrpcOptions {
  logger?: { error(message: string, err: unknown): void };
}

export function mountTrpc(app: Express, deps: Deps, options: TrpcOptions = {}): void {
  const logger = options.logger ?? { error: (m: string, e: unknown) => console.error(m, e) };
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: (opts) => createContext(deps, opts),
      maxBatchSize: MAX_BATCH,
      // The page sends its queries as POST: a long body's preview does not fit in a URL. A query changes nothing,
      // so it needs no CSRF token whichever method carries it.
      allowMethodOverride: true,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logger.error(`unexpected error in ${path ?? 'a tRPC call'}`, error.cause ?? error);
      },
      // A refusal that says when to come back (rate limits, busy) carries Retry-After, as over REST.
      responseMeta: ({ errors }) => {
        const wait = errors.map((e) => (e.cause instanceof DomainError ? e.cause.retryAfter : undefined)).find((s) => s !== undefined);
        return wait === undefined ? {} : { headers: new Headers({ [RETRY_AFTER_HEADER]: String(wait) }) };
      },
    }),
  );
}
