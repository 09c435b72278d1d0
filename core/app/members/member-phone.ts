// A member's own mobile number: set (a code goes to it by SMS) and verified with that code. Only a verified
// number receives password reset codes.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { maskPhone, normalizeTanzanianMobile } from '../../domain/phone.ts';
import { codeSmsText, redactedSmsText } from '../../domain/system-sms.ts';
import { findMemberPhone, markPhoneVerified, setMemberPhone, type PhoneRow } from '../../db/members/phones.ts';
import { findCodesOfMember, markCodeUsed } from '../../db/auth/one-time-codes.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { sendSystemSms } from '../system-sms/send-system-sms.ts';
import { CODES_LOOKED_BACK_MS, issueCode, matchingCode } from '../auth/one-time-codes.ts';
import { checkCode, recordWrongCode } from '../auth/check-code.ts';
import type { TSetPhoneBody, TVerifyPhoneBody } from '../../inputs/members.ts';

export { ZSetPhoneBody, ZVerifyPhoneBody } from '../../inputs/members.ts';

/** Any member, for themselves. */
export const access: Access = { scopes: [], permission: null };

function signedInMember(actor: TenantActor): Extract<TenantActor, { kind: 'member' }> {
  if (actor.kind !== 'member') throw new DomainError('insufficient_scope', 'Only a signed-in member has a phone.');
  return actor;
}

export function phoneView(row: PhoneRow | undefined) {
  return row ? { number: row.phone, verified: row.verified_at !== null, verified_at: row.verified_at?.toISOString() ?? null } : null;
}

export async function getPhone(ctx: Ctx, actor: TenantActor) {
  return { phone: phoneView(await findMemberPhone(ctx.em, signedInMember(actor).memberId)) };
}

/** Sets the number, unverified, and texts it a code (again, when it is set again). */
export async function setPhone(ctx: Ctx, actor: TenantActor, body: TSetPhoneBody) {
  const member = signedInMember(actor);
  const phone = unwrap(normalizeTanzanianMobile(body.phone, 'phone'));
  return inTransaction(ctx, async (tx) => {
    await setMemberPhone(tx.em, { memberId: member.memberId, organizationId: member.organizationId, phone, at: tx.now });
    const { code, expiresAt } = await issueCode(tx, { purpose: 'phone_verification', memberId: member.memberId, organizationId: member.organizationId, phone });
    await sendSystemSms(tx, { purpose: 'phone_verification', to: phone, memberId: member.memberId, body: codeSmsText('phone_verification', code), redactedBody: redactedSmsText('phone_verification'), secret: code });
    await recordAudit(tx, actor, { organizationId: member.organizationId, action: 'member.phone_set', targetType: 'member', targetId: member.memberId, details: { phone: maskPhone(phone) } });
    return { phone: phoneView(await findMemberPhone(tx.em, member.memberId)), code_expires_at: expiresAt.toISOString() };
  });
}

/** The code texted to the number verifies it; five wrong tries void the code (set the number again for a new one). */
export async function verifyPhone(ctx: Ctx, actor: TenantActor, body: TVerifyPhoneBody) {
  const member = signedInMember(actor);
  // A wrong try is counted and audited in a transaction of its own that commits; the refusal comes after.
  const outcome = await inTransaction(ctx, async (tx) => {
    const phone = await findMemberPhone(tx.em, member.memberId, true);
    const codes = await findCodesOfMember(tx.em, member.memberId, 'phone_verification', new Date(tx.now.getTime() - CODES_LOOKED_BACK_MS));
    const matched = matchingCode(codes, body.code);
    if (!matched || !phone || matched.phone !== phone.phone) {
      await recordWrongCode(tx, codes);
      await recordAudit(tx, actor, { organizationId: member.organizationId, action: 'member.phone_verification_failed', targetType: 'member', targetId: member.memberId });
      return { refused: new DomainError('code_invalid', 'The code is wrong, or no check is waiting for your number: set the number again for a new code.', { field: 'code' }) };
    }
    const refused = checkCode(matched, tx.now);
    if (refused) return { refused };
    await markCodeUsed(tx.em, matched.id, tx.now);
    await markPhoneVerified(tx.em, member.memberId, phone.phone, tx.now);
    await recordAudit(tx, actor, { organizationId: member.organizationId, action: 'member.phone_verified', targetType: 'member', targetId: member.memberId, details: { phone: maskPhone(phone.phone) } });
    return { phone: phoneView(await findMemberPhone(tx.em, member.memberId)) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
