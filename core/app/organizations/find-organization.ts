// Loads an organization or refuses with 404 not_found.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { UUID_RE } from '../../db/ids.ts';
import { iso, one } from '../../db/sql.ts';

export interface OrganizationRow {
  id: string;
  name: string;
  verified: boolean;
  created_at: Date;
  updated_at: Date;
}

export async function requireOrganization(ctx: Ctx, id: string, lock = false): Promise<OrganizationRow> {
  const row = UUID_RE.test(id)
    ? await one<OrganizationRow>(ctx.em, `select * from organizations where id = ?${lock ? ' for update' : ''}`, [id])
    : undefined;
  if (!row) throw new DomainError('not_found', `No organization has the id ${id}.`, { field: 'organization' });
  return row;
}

export function organizationView(row: OrganizationRow) {
  return { id: row.id, name: row.name, verified: row.verified, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}
