// One way the platform texts for itself (reset and verification codes now; alerts and receipts later): a live
// message of the platform's own organization, handed to the normal dispatch (the simulator in development), never
// charged to anyone: charge none, nothing held, no ledger entry. Its body stays out of every log, and a code in it
// is masked once the message leaves the queue (migration 0026).
import type { Ctx } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { PLATFORM_ORGANIZATION_ID, PLATFORM_SENDER, RECEIPT_EXCERPT_CHARS, SYSTEM_SMS_PER_HOUR, SYSTEM_SMS_TTL_MS } from '../../domain/system-sms.ts';
import { insertSystemMessage } from '../../db/system-sms/system-messages.ts';
import { newId } from '../../db/ids.ts';
import { readSettings } from '../platform/settings.ts';
import { takeToken } from '../rate-limit.ts';

export type SystemSmsPurpose = 'password_reset' | 'phone_verification';

export interface SystemSms {
  purpose: SystemSmsPurpose;
  /** E.164, normalized by the caller. */
  to: string;
  /** The member it is for: their allowance is counted. */
  memberId: string;
  body: string;
  /** What is kept once it is sent (a code masked). */
  redactedBody: string;
  /** A secret the body carries (a code): it must not stand within a receipt's excerpt. */
  secret?: string;
}

/**
 * Queues the message in the caller's transaction (so it leaves only if the change that needs it commits). 429
 * rate_limited past SYSTEM_SMS_PER_HOUR for the member or for the number, whoever asks.
 */
export async function sendSystemSms(ctx: Ctx, sms: SystemSms): Promise<{ messageId: string }> {
  if (!ctx.em.isInTransaction()) throw new Error('a system SMS is queued inside the transaction of the change that needs it');
  const perSecond = SYSTEM_SMS_PER_HOUR / 3600;
  await takeToken(ctx, `system-sms:member:${sms.memberId}`, SYSTEM_SMS_PER_HOUR, perSecond, true);
  await takeToken(ctx, `system-sms:number:${sms.to}`, SYSTEM_SMS_PER_HOUR, perSecond, true);
  const { smsRoute } = await readSettings(ctx);
  const analysis = unwrap(analyzeBody(sms.body, smsRoute));
  // Each part's receipt quotes that part's start: a secret is carried by a message of one part, past its excerpt.
  if (sms.secret !== undefined && (analysis.segments !== 1 || analysis.body.indexOf(sms.secret) < RECEIPT_EXCERPT_CHARS)) {
    throw new Error('a system SMS would carry its secret within a receipt excerpt');
  }
  const id = newId();
  await insertSystemMessage(ctx.em, {
    id,
    organizationId: PLATFORM_ORGANIZATION_ID,
    to: sms.to,
    sender: PLATFORM_SENDER,
    body: analysis.body,
    redactedBody: sms.redactedBody,
    encoding: analysis.encoding,
    segments: analysis.segments,
    clientRef: `system:${sms.purpose}:${id}`,
    purpose: sms.purpose,
    memberId: sms.memberId,
    at: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + SYSTEM_SMS_TTL_MS),
  });
  return { messageId: id };
}

/** Whether an error is the allowance's refusal (a caller that must not tell it apart catches it). */
export function isRateLimited(err: unknown): err is DomainError {
  return err instanceof DomainError && err.code === 'rate_limited';
}
