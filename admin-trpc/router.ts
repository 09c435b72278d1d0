// The dashboard's tRPC router, mounted at /trpc; every procedure calls the use case REST calls.
import type { Express } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { Deps } from '../core/app/context.ts';
import { createContext, router } from './trpc.ts';
import { me } from './routers/auth/me.ts';
import { getWallet } from './routers/wallet/get-wallet.ts';
import { listLedger } from './routers/wallet/list-ledger.ts';
import { listApiKeys } from './routers/api-keys/list-api-keys.ts';
import { createApiKey } from './routers/api-keys/create-api-key.ts';
import { revokeApiKey } from './routers/api-keys/revoke-api-key.ts';
import { listMembers } from './routers/members/list-members.ts';
import { serviceStatus } from './routers/platform/service-status.ts';

export const appRouter = router({
  auth: router({ me }),
  wallet: router({ get: getWallet, ledger: listLedger }),
  apiKeys: router({ list: listApiKeys, create: createApiKey, revoke: revokeApiKey }),
  members: router({ list: listMembers }),
  platform: router({ status: serviceStatus }),
});
export type AppRouter = typeof appRouter;

/** Calls one batched request may carry: each is a query, so an unbounded batch multiplied the work of one request. */
export const MAX_BATCH = 10;

export function mountTrpc(app: Express, deps: Deps): void {
  app.use('/trpc', createExpressMiddleware({ router: appRouter, createContext: (opts) => createContext(deps, opts), maxBatchSize: MAX_BATCH }));
}
