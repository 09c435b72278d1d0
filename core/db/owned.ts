// One of an organization's rows by id, from any table whose rows belong to an organization.
import type { EntityManager } from '@mikro-orm/postgresql';
import { one } from './sql.ts';

export interface OwnedTable {
  table: string;
  /** More conditions the row must meet (members: not deleted). */
  where?: string;
}

/** The row, or undefined when the organization has none with this id; `lock` holds it for update. */
export function findOwnedRow<T>(em: EntityManager, owned: OwnedTable, organizationId: string, id: string, lock = false): Promise<T | undefined> {
  return one<T>(
    em,
    `select * from ${owned.table} where id = ? and organization_id = ?${owned.where ? ` and ${owned.where}` : ''}${lock ? ' for update' : ''}`,
    [id, organizationId],
  );
}
