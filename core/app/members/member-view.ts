// Member rows and their public shape (never the password hash).
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { Role } from '../../domain/access.ts';
import { ROLES, permissionsOf } from '../../domain/access.ts';
import { DomainError } from '../../domain/errors.ts';
import { UUID_RE } from '../../db/ids.ts';
import { iso, one } from '../../db/sql.ts';

export interface MemberRow {
  id: string;
  organization_id: string;
  email: string;
  name: string | null;
  password_hash: string;
  role: Role;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export const ZRole = z.enum(ROLES);
export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'an email address' }))
  .transform((e) => e.toLowerCase());
export const ZMemberName = z.string().trim().min(1).max(100).nullable();

export async function findMember(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<MemberRow> {
  const row = UUID_RE.test(id)
    ? await one<MemberRow>(
        ctx.em,
        `select * from members where id = ? and organization_id = ? and deleted_at is null${lock ? ' for update' : ''}`,
        [id, organizationId],
      )
    : undefined;
  if (!row) throw new DomainError('not_found', `No member has the id ${id}.`);
  return row;
}

export function memberView(row: MemberRow) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: permissionsOf(row.role),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
