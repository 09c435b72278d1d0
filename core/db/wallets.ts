// Wallet rows and ledger entries: every movement locks the wallet, applies the pure rule, writes both.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Runner } from './sql.ts';
import type { WalletBalance, LedgerKind } from '../domain/ledger.ts';
import type { Result } from '../domain/errors.ts';
import { unwrap } from '../domain/errors.ts';
import { newId } from './ids.ts';
import { exec, one, rows } from './sql.ts';
import { inLockOrder, lockWallets } from './lock-order.ts';

export interface WalletRow {
  organization_id: string;
  available: string;
  held: string;
  captured: string;
  credited: string;
  frozen: boolean;
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

export function toBalance(row: WalletRow): WalletBalance {
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

/**
 * Hot path (dispatch answers, receipts, timers): the movements of several organizations, their wallets
 * locked first in lock order (lock-order.ts), then each organization's movements applied in that order.
 */
export async function applyMovementsByOrganization(
  db: Runner,
  byOrganization: Map<string, BatchMovement[]>,
  meta: { actorType: MovementMeta['actorType']; actorId: string | null; at: Date },
): Promise<void> {
  const wallets = await lockWallets<WalletRow>(db, byOrganization.keys());
  for (const organizationId of inLockOrder(byOrganization.keys())) {
    await applyMovements(db, organizationId, byOrganization.get(organizationId)!, meta, wallets.get(organizationId));
  }
}

export interface BatchMovement {
  movement: Movement;
  messageId?: string | null;
  campaignId?: string | null;
  reference?: string | null;
}

/**
 * Hot path (dispatch, receipts, expiry): many movements of one organization under one wallet lock,
 * each with its own ledger entry and running balance, inside the caller's transaction.
 */
export async function applyMovements(
  db: Runner,
  organizationId: string,
  items: BatchMovement[],
  meta: { actorType: MovementMeta['actorType']; actorId: string | null; at: Date },
  locked?: WalletRow,
): Promise<{ balance: WalletBalance; entryIds: string[] }> {
  const row = locked ?? (await lockWallets<WalletRow>(db, [organizationId])).get(organizationId);
  if (!row) throw new Error(`organization ${organizationId} has no wallet`);
  let balance = toBalance(row);
  const entries = items.map((item) => {
    const { balance: next, entry } = unwrap(item.movement(balance));
    balance = next;
    return {
      id: newId(),
      kind: entry.kind,
      amount: entry.amount.toString(),
      balance_after: entry.availableAfter.toString(),
      held_after: entry.heldAfter.toString(),
      reference: item.reference ?? null,
      message_id: item.messageId ?? null,
      campaign_id: item.campaignId ?? null,
    };
  });
  await exec(db, 'update wallets set available = ?, held = ?, captured = ?, credited = ?, updated_at = ? where organization_id = ?', [
    balance.available.toString(),
    balance.held.toString(),
    balance.captured.toString(),
    balance.credited.toString(),
    meta.at,
    organizationId,
  ]);
  await rows(
    db,
    `insert into ledger_entries (id, organization_id, kind, amount, balance_after, held_after, reference, message_id, campaign_id,
       actor_type, actor_id, created_at)
     select x.id, ?, x.kind, x.amount, x.balance_after, x.held_after, x.reference, x.message_id, x.campaign_id, ?, ?, ?
     from jsonb_to_recordset(?::jsonb) as x(id uuid, kind text, amount bigint, balance_after bigint, held_after bigint, reference text,
       message_id uuid, campaign_id uuid)
     returning 1`,
    [organizationId, meta.actorType, meta.actorId, meta.at, JSON.stringify(entries)],
  );
  return { balance, entryIds: entries.map((e) => e.id) };
}
