// The way around the ORM of sending's and dispatch's hot paths, for the use cases that hold their transactions: the
// ORM's own pg pool, a transaction on one of its clients (plain, or folded into the round trips of its first and last
// statements), and the handles the queries of this folder take. Every statement still lives in core/db.
export type { Pool, PoolClient } from 'pg';
export { foldedTransaction, nativePool, nativeTransaction, type FoldedTransaction, type Runner } from '../sql.ts';
