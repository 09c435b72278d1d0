// POST /v1/members and `ops member add`: a dashboard member with a role and an argon2id password hash.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { Actor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { findMemberByEmail, insertMember } from '../../db/members/members.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { assertStrongPassword, hashPassword } from '../auth/passwords.ts';
import { memberView } from './member-view.ts';
import { assertMayGrantRole } from './role-rules.ts';
import { type TCreateMemberBody } from '../../inputs/members.ts';

export const access: Access = { scopes: [], permission: 'members.manage' };

export async function createMember(ctx: Ctx, actor: Actor, organizationId: string, body: TCreateMemberBody) {
  assertMayGrantRole(actor, body.role);
  // The one password rule: judged against whose password it is (email, name, organization name).
  const organization = await requireOrganization(ctx, organizationId);
  assertStrongPassword(body.password, { email: body.email, name: body.name, organizationName: organization.name });
  // Hashing is slow on purpose; it happens before the transaction opens so no lock waits on it.
  const passwordHash = await hashPassword(body.password);
  return inTransaction(ctx, async (tx) => {
    await requireOrganization(tx, organizationId);
    // Only this organization's members are looked at: whether another organization uses the address is never told.
    const emailTaken = () => new DomainError('email_taken', 'A member of this organization already has this email address.', { field: 'email' });
    if (await findMemberByEmail(tx.em, organizationId, body.email)) throw emailTaken();
    // Two requests at once for one address meet only at the unique index (insertMember answers null).
    const member = await insertMember(tx.em, { organizationId, email: body.email, name: body.name ?? null, passwordHash, role: body.role, at: tx.now });
    if (!member) throw emailTaken();
    await recordAudit(tx, actor, { organizationId, action: 'member.created', targetType: 'member', targetId: member.id, details: { email: body.email, role: body.role } });
    return { member: memberView(member) };
  });
}
