// Send one message: validate, price and hold in one transaction; test sends complete at once and pay nothing.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import { actorRef, type TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { normalizeTanzanianMobile } from '../../domain/phone.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { priceMessage } from '../../domain/pricing.ts';
import { checkSendAt, expiresAt, firstDispatch } from '../../domain/scheduled-send.ts';
import { needsConsent } from '../../domain/consent.ts';
import { newId } from '../../db/ids.ts';
import { approvedClasses } from '../sender-ids/sender-id-view.ts';
import { loadSendContext, type SendContext } from './send-context.ts';
import { acceptedRow, type NewMessage } from './record-message.ts';
import { findMessage, messageDetail, messageView, type MessageView } from './message-view.ts';
import { submitSend } from './send-batcher.ts';
import { keep, keptValue, usedKeyResult, withIdempotency, type IdempotentRequest, type KeptResult } from '../idempotency.ts';
import { findUsedKey } from '../../db/idempotency/records.ts';
import { recordTestMessage } from './test-mode.ts';
import { DEFAULT_TTL_SECONDS, type TSendMessageBody } from '../../inputs/messages.ts';

export const access: Access = { scopes: ['messages:send'], permission: 'messages.send' };

function checkSender(context: SendContext, body: TSendMessageBody, test: boolean): void {
  const sender = context.sender;
  // Exact name: a sender ID shows on handsets as registered.
  if (!sender || sender.name !== body.from || !approvedClasses(sender).includes(body.traffic_class)) {
    throw new DomainError('sender_not_authorized', `The sender ID ${body.from} is not approved for ${body.traffic_class} messages of this organization.`, { field: 'from' });
  }
  if (!test && !sender.route_approved) {
    throw new DomainError('sender_not_ready', `The sender ID ${body.from} is approved, but the SMS route has not approved it yet.`, { field: 'from' });
  }
}

/** Promotional messages go only to a contact with consent and no active opt-out (SPEC What the service does 9). */
function checkConsent(context: SendContext): void {
  if (context.optedOut) throw new DomainError('recipient_opted_out', 'The recipient has opted out of promotional messages.', { field: 'to' });
  if (!context.hasConsent) throw new DomainError('consent_required', 'A promotional message needs a contact for the number with a recorded consent.', { field: 'to' });
}

/** Money, verification and the wallet are checked for live messages only (DESIGN.md 7). */
function checkLive(context: SendContext, total: bigint): void {
  // Keys of unverified organizations are stopped at authentication; members are stopped here.
  if (!context.verified) throw new DomainError('organization_not_verified', 'Live messages can be sent once the service has verified the organization.');
  if (context.frozen) throw new DomainError('wallet_frozen', 'The wallet is frozen; contact the service.');
  if (context.available < total) throw new DomainError('insufficient_funds', 'The wallet does not have enough available balance for this message.');
}

/**
 * Whether a send is in test mode (completed at once by the number's last digit, never charged): always for a
 * test key, never for a live key, and for a signed-in member when they ask for it (the dashboard's trial sends).
 */
export function isTestSend(actor: TenantActor, asked: boolean): boolean {
  return actor.kind === 'key' ? actor.mode === 'test' : asked;
}

/**
 * A send for later is live only: a test message completes at once (SPEC What the service does 8), so a test send
 * that asked for a time is refused rather than answered as if it had waited. Its time is checked first.
 */
function checkSchedule(ctx: Ctx, body: TSendMessageBody, test: boolean): Date | null {
  if (!body.send_at) return null;
  if (test) throw new DomainError('test_mode_not_allowed', 'A test message completes at once and cannot be sent later: leave out send_at, or send it live.', { field: 'send_at' });
  return unwrap(checkSendAt(ctx.now, body.send_at));
}

/** Every check of a send, in the spec's order, on what was read for it; the message to record when all pass. */
function checkSend(ctx: Ctx, actor: TenantActor, body: TSendMessageBody, to: string, context: SendContext, test: boolean): NewMessage {
  const sendAt = checkSchedule(ctx, body, test);
  const analysis = unwrap(analyzeBody(body.body, context.route));
  checkSender(context, body, test);
  if (!context.rates) throw new DomainError('no_price_plan', 'The organization has no price plan yet; ask the service to set one.');
  const price = priceMessage(context.rates, body.traffic_class, analysis.segments);
  if (needsConsent(body.traffic_class)) checkConsent(context);
  if (!test) checkLive(context, price.total);
  // Test messages complete at once, whatever the window.
  const held = test ? null : firstDispatch(body.traffic_class, context.window, ctx.now, sendAt);
  return {
    id: newId(),
    organizationId: actor.organizationId,
    test,
    to,
    from: body.from,
    body: analysis.body,
    trafficClass: body.traffic_class,
    clientRef: body.client_ref,
    encoding: analysis.encoding,
    segments: analysis.segments,
    unitAmount: price.unitAmount,
    total: price.total,
    apiKeyId: actor.kind === 'key' ? actor.keyId : null,
    memberId: actor.kind === 'member' ? actor.memberId : null,
    heldUntil: held,
    sendAt,
    expiresAt: expiresAt(ctx.now, sendAt, body.ttl ?? DEFAULT_TTL_SECONDS),
  };
}

/** A test send: accepted, then completed at once in the caller's transaction; no money moves. */
async function sendTestMessage(ctx: Ctx, actor: TenantActor, body: TSendMessageBody) {
  const to = unwrap(normalizeTanzanianMobile(body.to, 'to'));
  const context = await loadSendContext(ctx, actor.organizationId, body.from, to);
  const message = checkSend(ctx, actor, body, to, context, true);
  return inTransaction(ctx, async (tx) => {
    await recordTestMessage(tx, message);
    const row = await findMessage(tx, actor.organizationId, message.id);
    return messageView(row, actor, await messageDetail(tx, row));
  });
}

/** The accepted message (as first answered, also on a replay) and whether this request repeated an earlier one. */
export interface SendResult {
  message: MessageView;
  replay: boolean;
}

/**
 * Sends one message under the request's idempotency key. Live sends of concurrent requests are written
 * together by the send batcher (hot path: one transaction for many); a key already used answers first,
 * before any check of the present state, exactly as a replay does. Test sends take the per-request path.
 */
export async function sendMessage(
  ctx: Ctx,
  actor: TenantActor,
  body: TSendMessageBody,
  request: IdempotentRequest,
  options: { test?: boolean } = {},
): Promise<SendResult> {
  const replayOf = (kept: KeptResult): SendResult => ({ message: keptValue<MessageView>(kept), replay: true });
  if (isTestSend(actor, options.test === true)) {
    const out = await withIdempotency(ctx, request.scope, (tx) => sendTestMessage(tx, actor, body));
    return out.replay ? replayOf(out.kept) : { message: out.value, replay: false };
  }
  // The used key is read with everything the send checks (one round trip); a number that is not
  // valid cannot be read for, so then the key is looked up alone.
  const to = normalizeTanzanianMobile(body.to, 'to');
  const context = to.ok ? await loadSendContext(ctx, actor.organizationId, body.from, to.value, request.scope) : null;
  const used = usedKeyResult(context ? context.usedKey : await findUsedKey(ctx.em, request.scope, ctx.now), request.scope);
  if (used !== null) return replayOf(used);
  if (!to.ok) throw to.error;
  const message = checkSend(ctx, actor, body, to.value, context!, false);
  const view = messageView(acceptedRow(message, ctx.now), actor, { attempts: [], receipts: [] });
  const result = await submitSend(ctx.deps, {
    message,
    actor: actorRef(actor),
    scope: request.scope,
    kept: keep(view),
    at: ctx.now,
  });
  if (result.kind === 'refused') throw result.error;
  return result.replay ? replayOf(result.kept) : { message: view, replay: false };
}
