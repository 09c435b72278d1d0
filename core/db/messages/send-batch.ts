// The send batcher's two statements (core/app/messages/send-batcher.ts decides between them), prepared once per
// connection and folded into the round trips of BEGIN and COMMIT (hot path: one transaction for up to 128 sends).
import { prepared, type FoldedTransaction } from '../sql.ts';
import { WALLET_WRITES, type LockedWallet } from '../wallets.ts';
import { lockWalletsOf } from '../lock-order.ts';

// The batch's keys claimed (an answer stored with each, kept only if the send is accepted), for each key claimed
// a token of its recipient's bucket, and the wallets of the organizations with a send the allowance let through,
// in one statement. Sorting the claimed rows by bucket first means every key is claimed before any bucket is
// taken, and the buckets are taken in lock order; the wallets need every token taken before they are named.
const BATCH_CLAIM_TAKE_AND_LOCK = prepared(
  'send-batch-claim-take-and-lock',
  `with claimed as (
     insert into idempotency_records as r (organization_id, operation, key, fingerprint, result, created_at, expires_at)
       select x.organization_id, x.operation, x.key, x.fingerprint, x.result, x.at, x.expires_at
       from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, operation text, key text, fingerprint text, result text,
         at timestamptz, expires_at timestamptz)
       on conflict (organization_id, operation, key) do update
         set fingerprint = excluded.fingerprint, result = excluded.result, created_at = excluded.created_at, expires_at = excluded.expires_at
         where r.expires_at <= excluded.created_at
       returning organization_id, operation, key
   ),
   taken as (
     select s.i, s.organization_id, t.allowed, t.retry_after_seconds
     from (
       select x.i, x.organization_id, x.bucket from claimed c
       join jsonb_to_recordset(?::jsonb) as x(i int, organization_id uuid, operation text, key text, bucket text)
         on x.organization_id = c.organization_id and x.operation = c.operation and x.key = c.key
       order by x.bucket
       offset 0
     ) s
     cross join lateral take_token(s.bucket, ?, ?) t
   )
   select i, allowed, retry_after_seconds, null::uuid as organization_id, null::bigint as available, null::bigint as held,
     null::bigint as captured, null::bigint as credited, null::boolean as frozen, null::bigint as low_balance_threshold
   from taken
   union all
   select null, null, null, w.organization_id, w.available, w.held, w.captured, w.credited, w.frozen, w.low_balance_threshold
   from (${lockWalletsOf('array(select organization_id from taken where allowed)')}) w`,
);
// Every write of a batch after its decisions in one statement, the wallets' last (each data-modifying part runs
// even unreferenced): tokens of refused sends given back, their idempotency records removed, then the accepted
// sends' holds through the wallets module's writes (balances, wallet.low_balance events, ledger entries) and the
// messages. The wallets stay locked for this statement and the commit alone.
const BATCH_WRITE = prepared(
  'send-batch-write',
  `with given_back as (
     update rate_buckets b set tokens = least(?, b.tokens + x.n)
     from jsonb_to_recordset(?::jsonb) as x(bucket text, n int) where b.key = x.bucket
   ),
   forgotten as (
     delete from idempotency_records r using jsonb_to_recordset(?::jsonb) as x(organization_id uuid, operation text, key text)
     where r.organization_id = x.organization_id and r.operation = x.operation and r.key = x.key
   ),
   ${WALLET_WRITES}
   insert into messages select * from jsonb_populate_recordset(null::messages, ?::jsonb)`,
);

interface KeyScope {
  organization_id: string;
  operation: string;
  key: string;
}

/** A key's token: whether the recipient's bucket let it through, and when one will be there if not. */
export interface TakenToken {
  i: number;
  allowed: boolean;
  retry_after_seconds: number;
}

/**
 * BEGIN and the first statement: the keys claimed with their answers, a token of `bucket` (of `capacity`, refilled
 * at `refillPerSecond`) for each key claimed (`i` is its index among `tokens`), and the wallets of the organizations
 * whose sends got one, locked in lock order.
 */
export async function claimKeysTakeTokensLockWallets(
  tx: FoldedTransaction,
  keys: (KeyScope & { fingerprint: string; result: string; at: Date; expires_at: Date })[],
  tokens: (KeyScope & { i: number; bucket: string })[],
  capacity: number,
  refillPerSecond: number,
): Promise<{ taken: TakenToken[]; wallets: LockedWallet[] }> {
  const found = await tx.first<({ i: number; allowed: boolean; retry_after_seconds: number } | { i: null }) & LockedWallet>(BATCH_CLAIM_TAKE_AND_LOCK, [
    JSON.stringify(keys),
    JSON.stringify(tokens),
    capacity,
    refillPerSecond,
  ]);
  return { taken: found.filter((t): t is TakenToken & LockedWallet => t.i !== null), wallets: found.filter((t) => t.i === null) };
}

/**
 * The last statement and COMMIT: `n` tokens back to each bucket (at most `capacity`), the refused keys' records
 * removed, the wallets' writes (walletWrites(...).params) and the accepted messages (rows of the messages table).
 */
export async function writeSendBatch(
  tx: FoldedTransaction,
  batch: { capacity: number; tokensBack: { bucket: string; n: number }[]; refused: KeyScope[]; walletParams: unknown[]; messages: Record<string, unknown>[] },
): Promise<void> {
  await tx.last(BATCH_WRITE, [
    batch.capacity,
    JSON.stringify(batch.tokensBack),
    JSON.stringify(batch.refused),
    ...batch.walletParams,
    JSON.stringify(batch.messages),
  ]);
}
