// Token buckets shared by every API replica (one row per bucket in PostgreSQL).
import type { Ctx } from './context.ts';
import { DomainError } from '../domain/errors.ts';
import { one } from '../db/sql.ts';

/** Takes one token from the bucket or refuses with 429 rate_limited and the seconds to wait. */
export async function takeToken(ctx: Ctx, bucket: string, capacity: number, perSecond: number): Promise<void> {
  // A bucket is not part of any business transaction: a refused request must still have used it up.
  const row = await one<{ allowed: boolean; retry_after_seconds: number }>(
    ctx.deps.orm.em.fork(),
    'select * from take_token(?, ?, ?, ?)',
    [bucket, capacity, perSecond, ctx.now],
  );
  if (!row?.allowed) {
    const retryAfter = Math.max(1, Math.ceil(row?.retry_after_seconds ?? 1));
    throw new DomainError('rate_limited', `Too many requests; retry after ${retryAfter} s.`, { retryAfter });
  }
}
