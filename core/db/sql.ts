// Raw SQL through the request's EntityManager (so it joins the open transaction), or, on hot paths,
// straight through the ORM's own pg pool or one of its clients.
import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { retryingContention } from './contention.ts';

const TIMESTAMP_COLUMN = /(_at|_until)$/;

/**
 * Bulk statements skip the ORM: its query path copies large parameters several times (a 256 KiB
 * batch cost about a megabyte of garbage), which made a 25 MiB import hold hundreds of MiB.
 */
export type Runner = EntityManager | Pool | PoolClient;

export function nativePool(em: EntityManager): Promise<Pool> {
  return (em.getConnection() as PostgreSqlConnection).getNativeClient();
}

/** `?` placeholders (the ORM's) as `$1, $2, …` for pg; statements here hold no `?` inside literals. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * A statement of a hot path that runs on a pg pool or client as a named prepared statement: parsed
 * and planned once per connection. Through the ORM it runs as any other statement.
 */
export interface Prepared {
  name: string;
  sql: string;
}

const preparedTexts = new Map<string, { sql: string; text: string }>();

export function prepared(name: string, sql: string): Prepared {
  if (preparedTexts.has(name) && preparedTexts.get(name)!.sql !== sql) throw new Error(`the prepared statement ${name} names two different statements`);
  preparedTexts.set(name, { sql, text: numbered(sql) });
  return { name, sql };
}

async function run(runner: Runner, statement: string | Prepared, params: unknown[]): Promise<Record<string, unknown>[]> {
  const sql = typeof statement === 'string' ? statement : statement.sql;
  if ('fork' in runner) return (await runner.execute(sql, params as never[])) as unknown as Record<string, unknown>[];
  if (typeof statement === 'string') return (await runner.query(numbered(sql), params)).rows as Record<string, unknown>[];
  return (await runner.query({ name: statement.name, text: preparedTexts.get(statement.name)!.text, values: params })).rows as Record<string, unknown>[];
}

/**
 * Rows of a raw query. The ORM's connection hands timestamps back as text; columns named *_at and
 * *_until are our timestamps by convention and become Dates here.
 */
export async function rows<T>(runner: Runner, sql: string | Prepared, params: unknown[] = []): Promise<T[]> {
  return withDates<T>(await run(runner, sql, params));
}

function withDates<T>(result: Record<string, unknown>[]): T[] {
  for (const row of result) {
    for (const [k, v] of Object.entries(row)) {
      if (typeof v === 'string' && TIMESTAMP_COLUMN.test(k)) row[k] = new Date(v);
    }
  }
  return result as T[];
}

export async function one<T>(runner: Runner, sql: string | Prepared, params: unknown[] = []): Promise<T | undefined> {
  return (await rows<T>(runner, sql, params))[0];
}

export async function exec(runner: Runner, sql: string | Prepared, params: unknown[] = []): Promise<void> {
  await run(runner, sql, params);
}

/**
 * A read of every request (hot path): outside a transaction it goes to the pool as a named prepared
 * statement (planning was half of PostgreSQL's time on a send); inside one it joins the transaction.
 */
export async function onePrepared<T>(em: EntityManager, statement: Prepared, params: unknown[]): Promise<T | undefined> {
  return one<T>(em.isInTransaction() ? em : await nativePool(em), statement, params);
}

/** Runs fn in a transaction on one pooled client (hot paths that bypass the ORM), again whole after contention. */
export function nativeTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  return retryingContention(() => transactionOnce(pool, fn));
}

async function transactionOnce<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * A hot transaction whose first statement shares its round trip with BEGIN and whose last statement shares
 * its round trip with COMMIT: under load each round trip waits for both processes to be scheduled, and a
 * transaction of three statements costs three round trips instead of five. The statements run as SQL
 * EXECUTE of statements PREPAREd once per connection, their parameters sent as quoted literals.
 */
export interface FoldedTransaction {
  /** BEGIN and the first statement, together. */
  first<T>(statement: Prepared, params: unknown[]): Promise<T[]>;
  /** A statement in between, on the transaction's client. */
  next<T>(statement: Prepared, params: unknown[]): Promise<T[]>;
  /** The last statement and COMMIT, together; a transaction that never calls it commits on its own. */
  last(statement: Prepared, params: unknown[]): Promise<void>;
}

/** Runs fn as one folded transaction on a pooled client, again whole after contention. */
export function foldedTransaction<T>(pool: Pool, fn: (tx: FoldedTransaction) => Promise<T>): Promise<T> {
  return retryingContention(() => foldedOnce(pool, fn));
}

const sqlPrepared = new WeakMap<PoolClient, Set<string>>();

/** The name under which a statement is PREPAREd by SQL (apart from the protocol's own named statements). */
const sqlName = (statement: Prepared) => `"sql:${statement.name}"`;

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'number' || typeof value === 'bigint') return `'${value.toString()}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // An escape string: backslashes and quotes doubled (two native replaces; long JSON parameters are common).
  if (typeof value === 'string') return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  throw new Error('a folded statement takes strings, numbers, booleans, dates and nulls');
}

async function executeText(client: PoolClient, statement: Prepared, params: unknown[]): Promise<string> {
  let names = sqlPrepared.get(client);
  if (!names) sqlPrepared.set(client, (names = new Set()));
  if (!names.has(statement.name)) {
    await client.query(`prepare ${sqlName(statement)} as ${preparedTexts.get(statement.name)!.text}`);
    names.add(statement.name);
  }
  return params.length === 0 ? `execute ${sqlName(statement)}` : `execute ${sqlName(statement)}(${params.map(literal).join(', ')})`;
}

/** The result of the EXECUTE among a simple query's results. */
function executed(result: QueryResult | QueryResult[], index: number): Record<string, unknown>[] {
  return (Array.isArray(result) ? result[index]! : result).rows as Record<string, unknown>[];
}

async function foldedOnce<T>(pool: Pool, fn: (tx: FoldedTransaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let state = 'idle' as 'idle' | 'open' | 'committed';
  const tx: FoldedTransaction = {
    async first<R>(statement: Prepared, params: unknown[]) {
      if (state !== 'idle') throw new Error('the first statement of a folded transaction runs once, first');
      const text = await executeText(client, statement, params);
      state = 'open';
      return withDates<R>(executed(await client.query(`begin; ${text}`), 1));
    },
    async next<R>(statement: Prepared, params: unknown[]) {
      if (state !== 'open') throw new Error('a folded transaction takes statements between its first and its last');
      return withDates<R>(executed(await client.query(await executeText(client, statement, params)), 0));
    },
    async last(statement: Prepared, params: unknown[]) {
      if (state !== 'open') throw new Error('the last statement of a folded transaction follows its first');
      const text = await executeText(client, statement, params);
      await client.query(`${text}; commit`);
      state = 'committed';
    },
  };
  try {
    const result = await fn(tx);
    if (state === 'open') await client.query('commit');
    return result;
  } catch (err) {
    if (state === 'open') await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A PostgreSQL array literal: an array parameter would be expanded into a list by the query builder. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** True for a unique-index violation, optionally of one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * One keyset page of an organization's rows, newest first: ids are time-ordered, so `before` is the
 * last id of the previous page. Fetches one row more than the limit to tell whether a next page exists.
 */
export async function keysetRows<T>(
  em: EntityManager,
  page: { table: string; organizationId: string; before: string | undefined; limit: number; where?: string; params?: unknown[] },
): Promise<T[]> {
  return idPageRows<T>(em, { ...page, olderThan: page.before, limit: page.limit + 1 });
}

/** A page of a walk by id: between `olderThan` and `newerThan` (either may be absent), newest first unless ascending. */
export interface IdWalk {
  olderThan?: string | undefined;
  newerThan?: string | undefined;
  limit: number;
  ascending?: boolean;
}

/**
 * `limit` rows of an organization's table walked by id (oldest first for a page walked backwards), matching
 * `where`, which may read a query named in `with` (`{name: sql}`, its params first).
 */
export async function idPageRows<T>(
  em: EntityManager,
  page: IdWalk & { table: string; organizationId: string; where?: string; params?: unknown[]; with?: { name: string; sql: string; params: unknown[] } },
): Promise<T[]> {
  return rows<T>(
    em,
    `${page.with ? `with ${page.with.name} as (${page.with.sql}) ` : ''}select * from ${page.table}
     where organization_id = ? and (?::uuid is null or id < ?::uuid) and (?::uuid is null or id > ?::uuid)${page.where ? ` and ${page.where}` : ''}
     order by id ${page.ascending ? 'asc' : 'desc'} limit ?`,
    [...(page.with?.params ?? []), page.organizationId, page.olderThan ?? null, page.olderThan ?? null, page.newerThan ?? null, page.newerThan ?? null, ...(page.params ?? []), page.limit],
  );
}
