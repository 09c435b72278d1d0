// Invitations by link: the SHA-256 of each token is kept, never the token.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../domain/access.ts';
import { exec, one, rows } from '../sql.ts';

export interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: Role;
  name: string | null;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  member_id: string | null;
  revoked_at: Date | null;
  revoked_by: string | null;
}

// Every column but the token's hash, which no caller needs back.
const COLUMNS = 'id, organization_id, email, role, name, invited_by, created_at, expires_at, accepted_at, member_id, revoked_at, revoked_by';

export interface NewInvitation {
  id: string;
  organizationId: string;
  email: string;
  role: Role;
  name: string | null;
  tokenHash: Buffer;
  invitedBy: string | null;
  at: Date;
  expiresAt: Date;
}

/**
 * The invitation, after revoking the address's invitations of this organization still open (inviting again
 * replaces the link). Returns the ids it revoked.
 */
export async function replaceInvitation(em: EntityManager, invitation: NewInvitation): Promise<string[]> {
  const revoked = await rows<{ id: string }>(
    em,
    `update invitations set revoked_at = ?, revoked_by = ?
     where organization_id = ? and email = ? and accepted_at is null and revoked_at is null and expires_at > ?
     returning id`,
    [invitation.at, invitation.invitedBy, invitation.organizationId, invitation.email, invitation.at],
  );
  await exec(
    em,
    `insert into invitations (id, organization_id, email, role, name, token_hash, invited_by, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [invitation.id, invitation.organizationId, invitation.email, invitation.role, invitation.name, invitation.tokenHash, invitation.invitedBy, invitation.at, invitation.expiresAt],
  );
  return revoked.map((r) => r.id);
}

/** The invitation of a token's hash, locked until the transaction ends (two acceptances at once: one waits). */
export function lockInvitationByTokenHash(em: EntityManager, tokenHash: Buffer): Promise<InvitationRow | undefined> {
  return one<InvitationRow>(em, `select ${COLUMNS} from invitations where token_hash = ? for update`, [tokenHash]);
}

export function findInvitation(em: EntityManager, organizationId: string, id: string, lock = false): Promise<InvitationRow | undefined> {
  return one<InvitationRow>(em, `select ${COLUMNS} from invitations where organization_id = ? and id = ?${lock ? ' for update' : ''}`, [organizationId, id]);
}

/** A page of the organization's invitations, newest first (one more than `limit` tells a next page). */
export function findInvitationsPage(em: EntityManager, organizationId: string, page: { before: string | undefined; limit: number }): Promise<InvitationRow[]> {
  return rows<InvitationRow>(
    em,
    `select ${COLUMNS} from invitations where organization_id = ? and (?::uuid is null or id < ?::uuid) order by id desc limit ?`,
    [organizationId, page.before ?? null, page.before ?? null, page.limit + 1],
  );
}

export async function markInvitationAccepted(em: EntityManager, id: string, memberId: string, at: Date): Promise<void> {
  await exec(em, 'update invitations set accepted_at = ?, member_id = ? where id = ?', [at, memberId, id]);
}

export async function markInvitationRevoked(em: EntityManager, id: string, by: string | null, at: Date): Promise<void> {
  await exec(em, 'update invitations set revoked_at = ?, revoked_by = ? where id = ?', [at, by, id]);
}
