// Campaign work that runs on a pooled client of its own, outside the request's EntityManager: the feeder, the
// progress moves, a cancel and the recipient reads each hold their campaign (or their timeout) for one transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { nativePool, nativeTransaction } from '../sql.ts';

/** The ORM's own pool, which this work borrows clients from. */
export type CampaignPool = Pool;
/** A client in one of those transactions; the campaign queries take it as their database. */
export type CampaignClient = PoolClient;

export function campaignPool(em: EntityManager): Promise<CampaignPool> {
  return nativePool(em);
}

/** Runs fn in a transaction on one pooled client, again whole after a deadlock or serialization failure. */
export function onOwnClient<T>(pool: CampaignPool, fn: (tx: CampaignClient) => Promise<T>): Promise<T> {
  return nativeTransaction(pool, fn);
}
