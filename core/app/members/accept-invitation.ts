// Accepting an invitation's link: the token, a name and a password make the member (with the invitation's email
// and role), sign them in, and are audited. The token works once, within 72 hours, unless it was revoked.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { invitationState, type InvitationState } from '../../domain/one-time-codes.ts';
import { findMemberByEmail, insertMember } from '../../db/members/members.ts';
import { lockInvitationByTokenHash, markInvitationAccepted } from '../../db/members/invitations.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { assertStrongPassword, hashPassword } from '../auth/passwords.ts';
import { openSession } from '../auth/open-session.ts';
import { sha256 } from '../auth/tokens.ts';
import type { TAcceptInvitationBody } from '../../inputs/auth.ts';

export { ZAcceptInvitationBody } from '../../inputs/auth.ts';

/** Why an invitation that is not pending cannot be used (accepting or revoking it). */
export function invitationRefusal(state: Exclude<InvitationState, 'pending'>, fieldName: string | null = 'token'): DomainError {
  const field = fieldName ?? undefined;
  switch (state) {
    case 'accepted':
      return new DomainError('invitation_used', 'This invitation was accepted already.', { field });
    case 'revoked':
      return new DomainError('invitation_revoked', 'This invitation was withdrawn.', { field });
    case 'expired':
      return new DomainError('invitation_expired', 'This invitation has expired (links last 72 hours).', { field });
  }
}

const notFound = () => new DomainError('invitation_not_found', 'No invitation has this link; check that it was copied whole.', { field: 'token' });

async function pendingInvitation(ctx: Ctx, tokenHash: Buffer) {
  const row = await lockInvitationByTokenHash(ctx.em, tokenHash);
  if (!row) throw notFound();
  const state = invitationState({ expiresAt: row.expires_at, acceptedAt: row.accepted_at, revokedAt: row.revoked_at }, ctx.now);
  if (state !== 'pending') throw invitationRefusal(state);
  return row;
}

export async function acceptInvitation(ctx: Ctx, body: TAcceptInvitationBody, address: string) {
  const tokenHash = sha256(body.token);
  // Judged before the slow hash, and again under the lock below.
  const invitation = await inTransaction(ctx, (tx) => pendingInvitation(tx, tokenHash));
  const organization = await requireOrganization(ctx, invitation.organization_id);
  assertStrongPassword(body.password, { email: invitation.email, name: body.name, organizationName: organization.name });
  const passwordHash = await hashPassword(body.password);
  return inTransaction(ctx, async (tx) => {
    const row = await pendingInvitation(tx, tokenHash);
    const emailTaken = () => new DomainError('email_taken', 'A member of this organization already has this email address.', { field: 'token' });
    if (await findMemberByEmail(tx.em, row.organization_id, row.email)) throw emailTaken();
    const member = await insertMember(tx.em, { organizationId: row.organization_id, email: row.email, name: body.name, passwordHash, role: row.role, at: tx.now });
    if (!member) throw emailTaken();
    await markInvitationAccepted(tx.em, row.id, member.id, tx.now);
    const who = { actorType: 'member' as const, actorId: member.id };
    await recordAudit(tx, who, { organizationId: row.organization_id, action: 'member.created', targetType: 'member', targetId: member.id, details: { email: row.email, role: row.role, invitation_id: row.id } });
    await recordAudit(tx, who, { organizationId: row.organization_id, action: 'member.invitation_accepted', targetType: 'invitation', targetId: row.id, details: { email: row.email, role: row.role } });
    return openSession(tx, member, address, null);
  });
}
