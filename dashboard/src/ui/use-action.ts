// One member action against the service: its idempotency key, the call, and the lists it changes refreshed after.
import { useMutation, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { queryClient } from '../trpc.ts';
import { useIdempotencyKey } from './idempotency-key.ts';

type Keyed = { idempotencyKey?: string | undefined };

/** What the action's call takes from the page: its input less the idempotency key, which the hook adds. */
export type ActionInput<TVars> = TVars extends Keyed ? Omit<TVars, 'idempotencyKey'> : TVars;

interface ActionSettings<TData, TVars> {
  /** The queries whose answers the action changes: refetched after a success (a router's pathKey() covers all its lists). */
  invalidates?: readonly QueryKey[] | ((data: TData, input: TVars) => readonly QueryKey[]);
  /**
   * The procedure takes an idempotency key: one is sent with every call, kept while the same input is sent again
   * (a retry after a lost answer or a refusal), renewed after a success or once the input changes.
   */
  idempotent?: boolean;
  onSuccess?: (data: TData, input: TVars) => void;
  onError?: (error: unknown, input: TVars) => void;
}

/**
 * A mutation of the tRPC proxy (`trpc.x.y.mutationOptions()`) run by `run(input)`. The key is derived from the
 * input itself, so the page never handles one: the same form sent twice is one action, a changed form another.
 */
export function useAction<TData, TError, TVars>(options: UseMutationOptions<TData, TError, TVars>, settings: ActionSettings<TData, TVars> = {}) {
  const key = useIdempotencyKey();
  const mutation = useMutation<TData, TError, TVars>({
    ...options,
    onSuccess: (data, input) => {
      key.done();
      // The page's own updates first (an answer put in the cache, a query dropped), then the refetches.
      settings.onSuccess?.(data, input);
      const stale = typeof settings.invalidates === 'function' ? settings.invalidates(data, input) : (settings.invalidates ?? []);
      for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error, input) => settings.onError?.(error, input),
  });
  /** `withKey` adds what is made from the key (a default reference), so a retry sends it unchanged too. */
  const run = (input: ActionInput<TVars>, withKey?: (key: string) => Partial<ActionInput<TVars>>) => {
    if (!settings.idempotent) return mutation.mutate(input as TVars);
    const idempotencyKey = key.keyFor(input);
    mutation.mutate({ ...input, ...withKey?.(idempotencyKey), idempotencyKey } as TVars);
  };
  return { ...mutation, run };
}
