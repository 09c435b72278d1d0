// Member rows and their public shape (never the password hash).
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { findOwned } from '../find-owned.ts';
import type { Role } from '../../domain/access.ts';
import { ROLES, permissionsOf } from '../../domain/access.ts';
import { iso } from '../../db/sql.ts';

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

export function findMember(ctx: Ctx, organizationId: string, id: string, lock = false): Promise<MemberRow> {
  return findOwned<MemberRow>(ctx, { table: 'members', noun: 'member', where: 'deleted_at is null' }, organizationId, id, lock);
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
