// Token buckets shared by every API replica (one row per bucket, take_token of migration 0001), refilled by the
// database's own clock: rate limits measure real time, whatever the business clock says.
import { one, type Runner } from '../sql.ts';

export interface TokenTaken {
  allowed: boolean;
  /** Seconds until the bucket has a token again, when it had none. */
  retry_after_seconds: number;
}

/** Takes one token from the bucket, on the connection (and in the transaction, if any) of `db`. */
export function takeBucketToken(db: Runner, bucket: string, capacity: number, perSecond: number): Promise<TokenTaken | undefined> {
  return one<TokenTaken>(db, 'select * from take_token(?, ?, ?)', [bucket, capacity, perSecond]);
}
