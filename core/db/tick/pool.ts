// The pool the tick's set-based work runs on: receipts, campaign progress, purges and folds each run their own
// short transactions on the ORM's pool, one batch at a time, never inside a request's EntityManager.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { nativePool } from '../sql.ts';

export function tickPool(em: EntityManager): Promise<Pool> {
  return nativePool(em);
}
