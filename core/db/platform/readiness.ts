// The readiness probe's question to the database, asked through the pool as a request's would be.
import type { EntityManager } from '@mikro-orm/postgresql';
import { nativePool, one } from '../sql.ts';

/** Resolves when a pooled connection answers `select 1`; rejects when none can. */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await one(await nativePool(em), 'select 1');
}
