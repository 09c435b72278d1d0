// The job behind a reset request: for each membership of the address, a new code by SMS to its verified phone
// and by mail where mail is set up (the log, in development), each step audited in the member's organization.
// An unknown address, or a member with nowhere to send a code, gets nothing, and the caller could not tell.
import type { Deps, Ctx } from '../context.ts';
import { inTransaction, newCtx } from '../context.ts';
import { codeSmsText, redactedSmsText } from '../../domain/system-sms.ts';
import { maskPhone } from '../../domain/phone.ts';
import { findResetTargets, type ResetTarget } from '../../db/auth/password-reset.ts';
import { recordAudit, type ActorRef } from '../audit/record-audit.ts';
import { isRateLimited, sendSystemSms } from '../system-sms/send-system-sms.ts';
import { mailerOf, sendMail, type Mail, type Mailer } from '../mail/mailer.ts';
import { takeToken } from '../rate-limit.ts';
import { issueCode } from './one-time-codes.ts';
import { MAX_MEMBERSHIPS_TRIED } from './sign-in.ts';

/** Codes one member may be sent in an hour, whatever asks. */
export const RESET_CODES_PER_MEMBER_HOUR = 5;

const SYSTEM: ActorRef = { actorType: 'system', actorId: null };

export async function deliverPasswordReset(deps: Deps, email: string): Promise<void> {
  const ctx = await newCtx(deps);
  const mailer = mailerOf(deps);
  for (const target of await findResetTargets(ctx.em, email, MAX_MEMBERSHIPS_TRIED)) {
    const mail = await issueResetCode(ctx, target, mailer);
    // After the commit, so that the code mailed is one the database keeps.
    if (mail && mailer) await sendMail(mailer, mail);
  }
}

/** Thrown to roll back a code that could be sent nowhere: the member's earlier code, if any, stays good. */
class NothingSent extends Error {}

/** One membership's code and SMS in one transaction; the mail to send once it commits, if any. */
async function issueResetCode(ctx: Ctx, target: ResetTarget, mailer: Mailer | null): Promise<Mail | null> {
  const audit = (tx: Ctx, details: Record<string, unknown>) =>
    recordAudit(tx, SYSTEM, { organizationId: target.organization_id, action: 'member.password_reset_requested', targetType: 'member', targetId: target.member_id, details });
  if (!target.phone && !mailer) {
    await audit(ctx, { sent: [], why: 'no verified phone and no mail' });
    return null;
  }
  try {
    return await inTransaction(ctx, async (tx) => {
      await takeToken(tx, `password-reset:member:${target.member_id}`, RESET_CODES_PER_MEMBER_HOUR, RESET_CODES_PER_MEMBER_HOUR / 3600, true);
      const { code } = await issueCode(tx, { purpose: 'password_reset', memberId: target.member_id, organizationId: target.organization_id, phone: target.phone });
      const sent: string[] = [];
      if (target.phone && (await textCode(tx, target, code))) sent.push('sms');
      if (mailer) sent.push(mailer.kind === 'smtp' ? 'email' : 'log');
      if (sent.length === 0) throw new NothingSent();
      await audit(tx, { sent, ...(target.phone ? { phone: maskPhone(target.phone) } : {}) });
      return mailer ? resetMail(target, code) : null;
    });
  } catch (err) {
    if (!(err instanceof NothingSent) && !isRateLimited(err)) throw err;
    await audit(ctx, { sent: [], why: 'too many codes this hour for the member or the number' });
    return null;
  }
}

/** Whether the SMS was queued: the allowance of the member or the number may refuse it, and the caller never hears. */
async function textCode(ctx: Ctx, target: ResetTarget, code: string): Promise<boolean> {
  try {
    await sendSystemSms(ctx, { purpose: 'password_reset', to: target.phone!, memberId: target.member_id, body: codeSmsText('password_reset', code), redactedBody: redactedSmsText('password_reset'), secret: code });
    return true;
  } catch (err) {
    if (isRateLimited(err)) return false;
    throw err;
  }
}

function resetMail(target: ResetTarget, code: string): Mail {
  return {
    to: target.email,
    subject: 'Your Ujumbe password reset code',
    text: [
      `Someone asked to reset the password of ${target.email} at ${target.organization_name} on Ujumbe.`,
      '',
      `Your code: ${code}`,
      '',
      'It works once, for 15 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}
