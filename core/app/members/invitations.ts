// Invitations by link: an owner or admin invites an address with a role (the role rules of create-member apply);
// the link goes by mail (the log, in development) and is shown once to the inviter. Its token is random, kept as
// its SHA-256, good for 72 hours and one acceptance, and revocable.
import { randomBytes } from 'node:crypto';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { INVITATION_TTL_MS, invitationState } from '../../domain/one-time-codes.ts';
import { findMemberByEmail } from '../../db/members/members.ts';
import { findInvitation, findInvitationsPage, markInvitationRevoked, replaceInvitation, type InvitationRow } from '../../db/members/invitations.ts';
import { newId } from '../../db/ids.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { actorRef } from '../actor.ts';
import { orNotFound, wellFormedId } from '../find-owned.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { mailerOf, sendMail } from '../mail/mailer.ts';
import { pageOf } from '../paging.ts';
import { sha256 } from '../auth/tokens.ts';
import { assertMayGrantRole } from './role-rules.ts';
import { invitationRefusal } from './accept-invitation.ts';
import type { TInviteMemberBody, TListInvitationsQuery } from '../../inputs/members.ts';

export { ZInviteMemberBody, ZListInvitationsQuery } from '../../inputs/members.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export function invitationView(row: InvitationRow, now: Date) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    name: row.name,
    state: invitationState({ expiresAt: row.expires_at, acceptedAt: row.accepted_at, revokedAt: row.revoked_at }, now),
    invited_by: row.invited_by,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    member_id: row.member_id,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** The dashboard's page for a link (hash routing): the token stays in the fragment, which no server ever receives. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/#/invitation/${token}`;
}

export async function inviteMember(ctx: Ctx, actor: TenantActor, body: TInviteMemberBody) {
  assertMayGrantRole(actor, body.role);
  const token = randomBytes(32).toString('base64url');
  const { invitation, organizationName } = await inTransaction(ctx, async (tx) => {
    const organization = await requireOrganization(tx, actor.organizationId, true);
    if (await findMemberByEmail(tx.em, actor.organizationId, body.email)) {
      throw new DomainError('already_a_member', 'A member of this organization already has this email address.', { field: 'email' });
    }
    const id = newId();
    const { actorId } = actorRef(actor);
    const invitedBy = actor.kind === 'member' ? actorId : null;
    const replaced = await replaceInvitation(tx.em, {
      id, organizationId: actor.organizationId, email: body.email, role: body.role, name: body.name ?? null,
      tokenHash: sha256(token), invitedBy, at: tx.now, expiresAt: new Date(tx.now.getTime() + INVITATION_TTL_MS),
    });
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'member.invited', targetType: 'invitation', targetId: id, details: { email: body.email, role: body.role, ...(replaced.length ? { replaced } : {}) } });
    return { invitation: (await findInvitation(tx.em, actor.organizationId, id))!, organizationName: organization.name };
  });
  const link = invitationLink(ctx.deps.config.publicUrl, token);
  const mailer = mailerOf(ctx.deps);
  const mailed = mailer
    ? await sendMail(mailer, {
        to: body.email,
        subject: `You are invited to ${organizationName} on Ujumbe`,
        text: [
          `You are invited to join ${organizationName} on Ujumbe as ${body.role}.`,
          '',
          `Accept within 72 hours: ${link}`,
          '',
          'The link works once. If you did not expect it, ignore this mail.',
        ].join('\n'),
      })
    : false;
  // The link is shown this once (it is kept nowhere): the inviter may pass it on themselves.
  return { invitation: invitationView(invitation, ctx.now), link, mailed: mailed && mailer?.kind === 'smtp' };
}

export async function listInvitations(ctx: Ctx, actor: TenantActor, query: TListInvitationsQuery) {
  const found = await findInvitationsPage(ctx.em, actor.organizationId, { before: query.before, limit: query.limit });
  const page = pageOf(found, query.limit);
  return { invitations: page.items.map((i) => invitationView(i, ctx.now)), next_before: page.nextBefore };
}

export async function revokeInvitation(ctx: Ctx, actor: TenantActor, id: string) {
  return inTransaction(ctx, async (tx) => {
    const row = orNotFound(wellFormedId(id) ? await findInvitation(tx.em, actor.organizationId, id, true) : undefined, 'invitation', id);
    // Revoking an owner's invitation is changing who becomes an owner: only an owner may.
    assertMayGrantRole(actor, row.role);
    const state = invitationView(row, tx.now).state;
    if (state !== 'pending') throw invitationRefusal(state, null);
    const by = actor.kind === 'member' ? actor.memberId : null;
    await markInvitationRevoked(tx.em, row.id, by, tx.now);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'member.invitation_revoked', targetType: 'invitation', targetId: row.id, details: { email: row.email, role: row.role } });
    return { invitation: invitationView((await findInvitation(tx.em, actor.organizationId, row.id))!, tx.now) };
  });
}
