// One way the platform texts for itself (reset and verification codes now; alerts and receipts later): a live
// message of the platform's own organization, handed to the normal dispatch (the simulator in development), never
// charged to anyone: charge none, nothing held, no ledger entry. Its body stays out of every log, and a code in it
// is masked once the message leaves the queue (migration 0026).
import type { Ctx } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { PLATFORM_ORGANIZATION_ID, PLATFORM_SENDER, RECEIPT_EXCERPT_CHARS, SYSTEM_SMS_PER_HOUR, SYSTEM_SMS_TTL_MS } from '../../domain/system-sms.ts';
import { insertSystemMessage } from '../../db/system-sms/system-messages.ts';
import { takeBucketToken } from '../../db/rate-limits/buckets.ts';
import { readPlatformSettings } from '../../db/platform/settings.ts';
import type { Runner } from '../../db/sql.ts';
import { newId } from '../../db/ids.ts';
import { rateLimited } from '../rate-limit.ts';

export type SystemSmsPurpose = 'password_reset' | 'phone_verification' | 'low_balance_alert' | 'top_up_receipt' | 'keyword_confirmation';

export interface SystemSms {
  purpose: SystemSmsPurpose;
  /** E.164, normalized by the caller. */
  to: string;
  /** The member it is for: their allowance is counted. Null for a number that is no member (a keyword's confirmation). */
  memberId: string | null;
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
  return queueSystemSms({ db: ctx.em, now: ctx.now }, sms);
}

/** A transaction already open, through the ORM or on a hot path's own client (the outbox's fan-out). */
export interface OpenTransaction {
  db: Runner;
  now: Date;
}

/** sendSystemSms on a transaction the caller holds open: the same allowance, the same message. */
export async function queueSystemSms(tx: OpenTransaction, sms: SystemSms): Promise<{ messageId: string }> {
  const perSecond = SYSTEM_SMS_PER_HOUR / 3600;
  const buckets = [...(sms.memberId === null ? [] : [`system-sms:member:${sms.memberId}`]), `system-sms:number:${sms.to}`];
  for (const bucket of buckets) {
    const token = await takeBucketToken(tx.db, bucket, SYSTEM_SMS_PER_HOUR, perSecond);
    if (!token?.allowed) throw rateLimited(token?.retry_after_seconds ?? 1);
  }
  const settings = await readPlatformSettings(tx.db);
  if (!settings) throw new Error('platform_settings has no row: run the migrations');
  const analysis = unwrap(analyzeBody(sms.body, settings.sms_route));
  // Each part's receipt quotes that part's start: a secret is carried by a message of one part, past its excerpt.
  if (sms.secret !== undefined && (analysis.segments !== 1 || analysis.body.indexOf(sms.secret) < RECEIPT_EXCERPT_CHARS)) {
    throw new Error('a system SMS would carry its secret within a receipt excerpt');
  }
  const id = newId();
  await insertSystemMessage(tx.db, {
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
    at: tx.now,
    expiresAt: new Date(tx.now.getTime() + SYSTEM_SMS_TTL_MS),
  });
  return { messageId: id };
}

/** Whether an error is the allowance's refusal (a caller that must not tell it apart catches it). */
export function isRateLimited(err: unknown): err is DomainError {
  return err instanceof DomainError && err.code === 'rate_limited';
}
