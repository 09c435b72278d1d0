// Wallet rows and ledger entries: every movement locks the wallet, applies the pure rule, writes both. The one module
// that writes balances and the ledger (the send batcher folds WALLET_WRITES into its own statement).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Runner } from './sql.ts';
import type { WalletBalance, LedgerKind } from '../domain/ledger.ts';
import type { Result } from '../domain/errors.ts';
import { unwrap } from '../domain/errors.ts';
import { newId } from './ids.ts';
import { exec, one, prepared } from './sql.ts';
import { inLockOrder, lockWallets } from './lock-order.ts';
import { insertOutboxEvents, outboxRows } from './messages/outbox.ts';
import { lowBalanceEvents } from './wallet/wallet-resource.ts';

export interface WalletRow {
  organization_id: string;
  available: string;
  held: string;
  captured: string;
  credited: string;
  frozen: boolean;
  low_balance_threshold: string | null;
  updated_at: Date;
}

export type Movement = (b: WalletBalance) => Result<{
  balance: WalletBalance;
  entry: { kind: LedgerKind; amount: bigint; availableAfter: bigint; heldAfter: bigint };
}>;

export interface MovementMeta {
  reference?: string | null;
  messageId?: string | null;
  campaignId?: string | null;
  actorType: 'member' | 'api_key' | 'operator' | 'system';
  actorId: string | null;
  at: Date;
}

export function toBalance(row: Pick<WalletRow, 'available' | 'held' | 'captured' | 'credited'>): WalletBalance {
  return {
    available: BigInt(row.available),
    held: BigInt(row.held),
    captured: BigInt(row.captured),
    credited: BigInt(row.credited),
  };
}

export async function findWallet(em: EntityManager, organizationId: string, lock = false): Promise<WalletRow | undefined> {
  return one<WalletRow>(em, `select * from wallets where organization_id = ?${lock ? ' for update' : ''}`, [organizationId]);
}

/**
 * Applies one movement inside the caller's transaction: the wallet row is locked, so concurrent
 * movements of one organization queue up, and the ledger entry commits with the change it pays for.
 */
export async function applyMovement(
  em: EntityManager,
  organizationId: string,
  movement: Movement,
  meta: MovementMeta,
): Promise<{ balance: WalletBalance; entryId: string }> {
  if (!em.isInTransaction()) throw new Error('a wallet movement must run inside a transaction');
  const { balance, entryIds } = await applyMovements(em, organizationId, [{ movement, ...meta }], meta);
  return { balance, entryId: entryIds[0]! };
}

export interface BatchMovement {
  movement: Movement;
  messageId?: string | null;
  campaignId?: string | null;
  reference?: string | null;
}

type Meta = { actorType: MovementMeta['actorType']; actorId: string | null; at: Date };

/** A movement of one organization's wallet, with who made it and, when it differs from the batch's, when. */
export type PlannedMovement = BatchMovement & { organizationId: string; actorType: Meta['actorType']; actorId: string | null; at?: Date };

/** A locked wallet as the writes need it: its balances, and what decides its wallet.low_balance event. */
export type LockedWallet = Pick<WalletRow, 'organization_id' | 'available' | 'held' | 'captured' | 'credited' | 'frozen' | 'low_balance_threshold'>;

/**
 * Every wallet and ledger write of the service, as data-modifying parts of one statement (each runs whether or not
 * the statement reads it): the batch's balances, the wallet.low_balance events of wallets that fell below their
 * threshold, and the ledger entries. Its parameters are walletWrites(...).params, in order. The send batcher folds
 * it into its own statement (hot path); every other movement runs it through applyMovementsByOrganization.
 */
export const WALLET_WRITES = `wallet_balances as (
     update wallets w set available = x.available, held = x.held, captured = x.captured, credited = x.credited, updated_at = ?
     from jsonb_to_recordset(?::jsonb) as x(organization_id uuid, available bigint, held bigint, captured bigint, credited bigint)
     where w.organization_id = x.organization_id
   ),
   low_balance as (${insertOutboxEvents}),
   ledger as (
     insert into ledger_entries (id, organization_id, kind, amount, balance_after, held_after, reference, message_id, campaign_id,
       actor_type, actor_id, created_at)
     select x.id, x.organization_id, x.kind, x.amount, x.balance_after, x.held_after, x.reference, x.message_id, x.campaign_id,
       x.actor_type, x.actor_id, x.created_at
     from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, kind text, amount bigint, balance_after bigint, held_after bigint,
       reference text, message_id uuid, campaign_id uuid, actor_type text, actor_id uuid, created_at timestamptz)
   )`;

/**
 * The pure part of a batch of movements on locked wallets: each movement in order takes its organization's running
 * balance through the ledger rule and gets its own entry. Returns each wallet's balance and entry ids, and the
 * parameters of WALLET_WRITES (the wallets moved, their low-balance events, the entries).
 */
export function walletWrites(wallets: Map<string, LockedWallet>, items: PlannedMovement[], at: Date) {
  const applied = new Map<string, { balance: WalletBalance; entryIds: string[] }>();
  const entries: Record<string, unknown>[] = [];
  for (const item of items) {
    const row = wallets.get(item.organizationId);
    if (!row) throw new Error(`organization ${item.organizationId} has no wallet`);
    const current = applied.get(item.organizationId) ?? { balance: toBalance(row), entryIds: [] };
    const { balance, entry } = unwrap(item.movement(current.balance));
    const id = newId();
    entries.push({
      id,
      organization_id: item.organizationId,
      kind: entry.kind,
      amount: entry.amount.toString(),
      balance_after: entry.availableAfter.toString(),
      held_after: entry.heldAfter.toString(),
      reference: item.reference ?? null,
      message_id: item.messageId ?? null,
      campaign_id: item.campaignId ?? null,
      actor_type: item.actorType,
      actor_id: item.actorId,
      created_at: item.at ?? at,
    });
    applied.set(item.organizationId, { balance, entryIds: [...current.entryIds, id] });
  }
  const moved = [...applied].map(([organizationId, { balance: b }]) => ({
    organization_id: organizationId, available: b.available.toString(), held: b.held.toString(), captured: b.captured.toString(), credited: b.credited.toString(),
  }));
  const events = [...applied].flatMap(([organizationId, { balance }]) => lowBalanceEvents(organizationId, { ...wallets.get(organizationId)!, updated_at: null }, balance, at));
  return { applied, params: [at, JSON.stringify(moved), at, outboxRows(at, events), JSON.stringify(entries)] };
}

const WRITE_MOVEMENTS = prepared('write-movements', `with ${WALLET_WRITES} select 1`);

/**
 * Hot path (dispatch answers, receipts, timers, feeding): the movements of several organizations inside the
 * caller's transaction. Their wallets are locked together in lock order (lock-order.ts); each movement gets its
 * own ledger entry and running balance; then every wallet and entry is written by one statement, so the locks
 * are held for three round trips however many organizations the batch touches.
 */
export async function applyMovementsByOrganization(
  db: Runner,
  byOrganization: Map<string, BatchMovement[]>,
  meta: Meta,
): Promise<Map<string, { balance: WalletBalance; entryIds: string[] }>> {
  if (byOrganization.size === 0) return new Map();
  const wallets = await lockWallets<WalletRow>(db, byOrganization.keys());
  const items = inLockOrder(byOrganization.keys()).flatMap((organizationId) =>
    byOrganization.get(organizationId)!.map((item) => ({ ...item, organizationId, actorType: meta.actorType, actorId: meta.actorId })),
  );
  const { applied, params } = walletWrites(wallets, items, meta.at);
  await exec(db, WRITE_MOVEMENTS, params);
  return applied;
}

/** Many movements of one organization under one wallet lock, inside the caller's transaction. */
export async function applyMovements(
  db: Runner,
  organizationId: string,
  items: BatchMovement[],
  meta: Meta,
): Promise<{ balance: WalletBalance; entryIds: string[] }> {
  return (await applyMovementsByOrganization(db, new Map([[organizationId, items]]), meta)).get(organizationId)!;
}
