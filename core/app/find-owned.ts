// Loads one of an organization's rows by id: unknown, malformed and other organizations' ids are all 404.
import type { Ctx } from './context.ts';
import { DomainError } from '../domain/errors.ts';
import { UUID_RE } from '../db/ids.ts';
import { findOwnedRow, type OwnedTable } from '../db/owned.ts';

export interface Owned extends OwnedTable {
  /** How the error names the thing ("contact import"). */
  noun: string;
}

export async function findOwned<T>(ctx: Ctx, owned: Owned, organizationId: string, id: string, lock = false): Promise<T> {
  return orNotFound(wellFormedId(id) ? await findOwnedRow<T>(ctx.em, owned, organizationId, id, lock) : undefined, owned.noun, id);
}

/** The thing found, or 404 not_found naming it. */
export function orNotFound<T>(row: T | null | undefined, noun: string, id: string): T {
  if (!row) throw new DomainError('not_found', `No ${noun} has the id ${id}.`);
  return row;
}

/** Whether an id could name a row at all: a malformed one is answered 404 without a query. */
export const wellFormedId = (id: string): boolean => UUID_RE.test(id);
