// Loads one of an organization's rows by id: unknown, malformed and other organizations' ids are all 404.
import type { Ctx } from './context.ts';
import { DomainError } from '../domain/errors.ts';
import { UUID_RE } from '../db/ids.ts';
import { one } from '../db/sql.ts';

export interface Owned {
  table: string;
  /** How the error names the thing ("contact import"). */
  noun: string;
  /** More conditions the row must meet (members: not deleted). */
  where?: string;
}

export async function findOwned<T>(ctx: Ctx, owned: Owned, organizationId: string, id: string, lock = false): Promise<T> {
  const row = UUID_RE.test(id)
    ? await one<T>(
        ctx.em,
        `select * from ${owned.table} where id = ? and organization_id = ?${owned.where ? ` and ${owned.where}` : ''}${lock ? ' for update' : ''}`,
        [id, organizationId],
      )
    : undefined;
  if (!row) throw new DomainError('not_found', `No ${owned.noun} has the id ${id}.`);
  return row;
}
