// Token buckets refill by the database's own clock (clock_timestamp()), never by the business clock a
// caller passes: a test clock moved ahead and back no longer starves a bucket, and API replicas whose
// clocks differ slightly agree. Buckets written by the business clock are emptied (they only refill).
import { Migration } from '@mikro-orm/migrations';

export class Migration0007RateLimitsOnRealTime extends Migration {
  override name = '0007-rate-limits-on-real-time';

  override up(): void {
    this.addSql('drop function take_token(text, double precision, double precision, timestamptz)');
    this.addSql('truncate rate_buckets');
    // One statement, one row write: the bucket refills for the time passed since its last take (excluded.updated_at
    // is this take's one reading of the clock), gives a token if it has one, and says whether it did (and how
    // long until the next one when it did not). A clock stepped back refills nothing and starves nothing.
    this.addSql(`create function take_token(bucket text, capacity double precision, per_second double precision)
      returns table (allowed boolean, retry_after_seconds double precision)
      language sql volatile as $$
        insert into rate_buckets as b (key, tokens, updated_at, allowed) values (bucket, capacity - 1, clock_timestamp(), capacity >= 1)
        on conflict (key) do update set
          tokens = least(capacity, b.tokens + greatest(extract(epoch from (excluded.updated_at - b.updated_at)), 0) * per_second)
                   - case when least(capacity, b.tokens + greatest(extract(epoch from (excluded.updated_at - b.updated_at)), 0) * per_second) >= 1 then 1 else 0 end,
          allowed = least(capacity, b.tokens + greatest(extract(epoch from (excluded.updated_at - b.updated_at)), 0) * per_second) >= 1,
          updated_at = excluded.updated_at
        returning b.allowed, case when b.allowed then 0::double precision else (1 - b.tokens) / per_second end
      $$`);
  }
}
