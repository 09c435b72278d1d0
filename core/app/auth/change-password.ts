// The signed-in member changes their own password: the current one proves it is them, the new one meets the one
// password rule, and every other session of theirs ends (a device someone else holds is signed out).
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { setMemberPassword } from '../../db/members/members.ts';
import { endSessionsOfMemberExcept } from '../../db/auth/sessions.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findMember } from '../members/member-view.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { takeToken } from '../rate-limit.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.ts';
import type { TChangePasswordBody } from '../../inputs/auth.ts';

export { ZChangePasswordBody } from '../../inputs/auth.ts';

/** Any member, for themselves. */
export const access: Access = { scopes: [], permission: null };

/** Tries of the current password a member gets in a quarter of an hour: a stolen session must not become a guesser. */
export const CHANGE_PASSWORD_TRIES = 5;

export async function changePassword(ctx: Ctx, actor: TenantActor, body: TChangePasswordBody) {
  if (actor.kind !== 'member') throw new DomainError('insufficient_scope', 'Only a signed-in member has a password.');
  await takeToken(ctx, `change-password:member:${actor.memberId}`, CHANGE_PASSWORD_TRIES, CHANGE_PASSWORD_TRIES / 900);
  const member = await findMember(ctx, actor.organizationId, actor.memberId);
  if (!(await verifyPassword(member.passwordHash, body.current_password))) {
    // Outside any transaction: the refusal below must not take the audit event with it.
    await recordAudit(ctx, actor, { organizationId: actor.organizationId, action: 'member.password_change_failed', targetType: 'member', targetId: member.id });
    throw new DomainError('password_incorrect', 'The current password is wrong.', { field: 'current_password' });
  }
  if (body.new_password === body.current_password) {
    throw new DomainError('validation_failed', 'new_password: the new password must differ from the current one.', { field: 'new_password' });
  }
  const organization = await requireOrganization(ctx, actor.organizationId);
  assertStrongPassword(body.new_password, { email: member.email, name: member.name, organizationName: organization.name }, 'new_password');
  const passwordHash = await hashPassword(body.new_password);
  return inTransaction(ctx, async (tx) => {
    const locked = await findMember(tx, actor.organizationId, actor.memberId, true);
    await setMemberPassword(tx.em, locked, passwordHash, tx.now);
    const ended = await endSessionsOfMemberExcept(tx.em, locked.id, actor.sessionId, tx.now);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'member.password_changed', targetType: 'member', targetId: locked.id, details: { other_sessions_ended: ended } });
    return { password_changed: true, other_sessions_ended: ended };
  });
}
