// Raw SQL through the request's EntityManager, so it joins the open transaction.
import type { EntityManager } from '@mikro-orm/postgresql';

export async function rows<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await em.execute(sql, params as never[])) as unknown as T[];
}

export async function one<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await rows<T>(em, sql, params))[0];
}

export async function exec(em: EntityManager, sql: string, params: unknown[] = []): Promise<void> {
  await em.execute(sql, params as never[]);
}

/** RFC 3339 with offset, as every timestamp in a response. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function cents(value: string | number | bigint): number {
  return Number(value);
}
