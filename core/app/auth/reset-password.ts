// A new password by the one-time code sent for a reset: single use, 15 minutes, void after five wrong tries. A
// wrong code takes the same steps whether the address is a member's or not (one durable statement either way),
// and answers the same; only the holder of the right code hears that it expired, was used or is void.
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { findResetCodesOfEmail, lockCode, markCodeUsed, type CodeRow } from '../../db/auth/one-time-codes.ts';
import { recordWrongResetTry } from '../../db/auth/password-reset.ts';
import { setMemberPassword } from '../../db/members/members.ts';
import { endSessionsOfMemberExcept } from '../../db/auth/sessions.ts';
import { newId } from '../../db/ids.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findMember } from '../members/member-view.ts';
import { requireOrganization } from '../organizations/find-organization.ts';
import { CODES_LOOKED_BACK_MS, matchingCode } from './one-time-codes.ts';
import { checkCode, liveCodeIds } from './check-code.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import type { TResetPasswordBody } from '../../inputs/auth.ts';

export { ZResetPasswordBody } from '../../inputs/auth.ts';

const wrongCode = () => new DomainError('code_invalid', 'The code is wrong, or no code was sent for this address.', { field: 'code' });

/** Counts a wrong try on every live code of the address, and audits it where a member had one. */
async function refuseWrongCode(ctx: Ctx, email: string, codes: CodeRow[], address: string): Promise<never> {
  const live = liveCodeIds(codes, ctx.now);
  const tried = codes.filter((c) => live.includes(c.id));
  await recordWrongResetTry(ctx.em, {
    key: `password-reset:${email}`,
    codeIds: live,
    details: { address },
    at: ctx.now,
    audited: tried.map((c) => ({ id: newId(), organization_id: c.organization_id, member_id: c.member_id })),
  });
  throw wrongCode();
}

export async function resetPassword(ctx: Ctx, body: TResetPasswordBody, address: string) {
  const codes = await findResetCodesOfEmail(ctx.em, body.email, new Date(ctx.now.getTime() - CODES_LOOKED_BACK_MS));
  const matched = matchingCode(codes, body.code);
  if (!matched) return refuseWrongCode(ctx, body.email, codes, address);
  const refused = checkCode(matched, ctx.now);
  if (refused) throw refused;
  const member = await findMember(ctx, matched.organization_id, matched.member_id);
  const organization = await requireOrganization(ctx, member.organizationId);
  // A password too easy to guess leaves the code as it was: the member tries another.
  assertStrongPassword(body.new_password, { email: member.email, name: member.name, organizationName: organization.name }, 'new_password');
  const passwordHash = await hashPassword(body.new_password);
  return inTransaction(ctx, async (tx) => {
    // Read again under its lock: a try at the same moment (the same code twice) finds it used.
    const code = await lockCode(tx.em, matched.id);
    const stillRefused = code ? checkCode(code, tx.now) : wrongCode();
    if (stillRefused) throw stillRefused;
    const locked = await findMember(tx, member.organizationId, member.id, true);
    await markCodeUsed(tx.em, matched.id, tx.now);
    await setMemberPassword(tx.em, locked, passwordHash, tx.now);
    const ended = await endSessionsOfMemberExcept(tx.em, locked.id, null, tx.now);
    await recordAudit(tx, { actorType: 'member', actorId: locked.id }, {
      organizationId: locked.organizationId,
      action: 'member.password_reset',
      targetType: 'member',
      targetId: locked.id,
      details: { address, sessions_ended: ended },
    });
    return { password_reset: true, organization_id: locked.organizationId, sessions_ended: ended };
  });
}
