// The one tRPC client and TanStack Query cache of the page: CSRF header on mutations, 401 back to sign-in.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { parseCookie } from 'cookie';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../admin-trpc/router.ts';
import { isRefusal, isUnauthorized } from './errors.ts';

export type Inputs = inferRouterInputs<AppRouter>;
export type Outputs = inferRouterOutputs<AppRouter>;

const CSRF_COOKIE = 'ujm_csrf';

/** The CSRF token the server set at sign-in in a cookie a page can read (the session cookie itself is HttpOnly). */
export function csrfToken(): string | null {
  return parseCookie(document.cookie)[CSRF_COOKIE] ?? null;
}

function onApiError(err: unknown): void {
  // On the sign-in page a 401 is a wrong password, shown by its form; later it means the session ended.
  if (isUnauthorized(err) && queryClient.getQueryData(trpc.auth.me.queryKey()) !== undefined) endSession();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: { staleTime: 15_000, retry: (failures, err) => !isRefusal(err) && failures < 2 },
    // A mutation is never repeated by the cache: a send is retried only by the member, with its idempotency key.
    mutations: { retry: false },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The server takes at most 10 calls in one batch.
      maxItems: 10,
      // Queries go as POST too: the preview of a long body does not fit in a URL.
      methodOverride: 'POST',
      headers({ opList }) {
        const token = csrfToken();
        return token && opList.some((op) => op.type === 'mutation') ? { 'X-CSRF-Token': token } : {};
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Forgets every member's data and asks again who is signed in: the answer (401) shows the sign-in page. */
export function endSession(): void {
  const me = trpc.auth.me.queryKey();
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(me) });
  void queryClient.resetQueries({ queryKey: me, exact: true });
}
