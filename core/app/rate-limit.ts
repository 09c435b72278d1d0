// Token buckets shared by every API replica (one row per bucket in PostgreSQL), refilled by the database's
// own clock: rate limits measure real time, whatever the business clock says.
import type { Ctx } from './context.ts';
import { DomainError } from '../domain/errors.ts';
import { takeBucketToken } from '../db/rate-limits/buckets.ts';

/**
 * Takes one token from the bucket or refuses with 429 rate_limited and the seconds to wait. By
 * default on a connection of its own (a refused request still used its token); `withinTransaction`
 * takes it in the caller's transaction instead, so a send that is refused later gives it back, and
 * a request never waits for a second pool connection while it holds one.
 */
export async function takeToken(ctx: Ctx, bucket: string, capacity: number, perSecond: number, withinTransaction = false): Promise<void> {
  const row = await takeBucketToken(withinTransaction ? ctx.em : ctx.deps.orm.em.fork(), bucket, capacity, perSecond);
  if (!row?.allowed) throw rateLimited(row?.retry_after_seconds ?? 1);
}

/** 429 rate_limited with the whole seconds to wait (Retry-After), from a bucket's answer. */
export function rateLimited(seconds: number): DomainError {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return new DomainError('rate_limited', `Too many requests; retry after ${retryAfter} s.`, { retryAfter });
}
