// POST /v1/messages: validate, price and hold in one transaction; test keys complete at once and pay nothing.
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { normalizeTanzanianMobile } from '../../domain/phone.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { priceMessage } from '../../domain/pricing.ts';
import { heldUntil } from '../../domain/sending-window.ts';
import { hold } from '../../domain/ledger.ts';
import { newId } from '../../db/ids.ts';
import { exec, one } from '../../db/sql.ts';
import { applyMovement } from '../../db/wallets.ts';
import { actorRef } from '../actor.ts';
import { readSettings } from '../platform/settings.ts';
import { currentPricePlan } from '../price-plans/price-plan.ts';
import { approvedClasses, findSenderByName } from '../sender-ids/sender-id-view.ts';
import { takeToken } from '../rate-limit.ts';
import { findMessage, messageDetail, messageView } from './message-view.ts';
import { completeTestMessage } from './test-mode.ts';

export const access: Access = { scopes: ['messages:send'], permission: 'messages.send' };

/** An undispatched message without a ttl expires after the longest ttl allowed. */
export const DEFAULT_TTL_SECONDS = 259_200;
export const RECIPIENT_MESSAGES_PER_HOUR = 30;

export const ZSendMessageBody = z.strictObject({
  to: z.string().max(40),
  from: z.string().min(1).max(11),
  body: z.string().min(1).max(10_000),
  client_ref: z
    .string()
    .min(1)
    .max(128)
    .refine((s) => !/\p{C}/u.test(s), 'client_ref must be printable characters'),
  traffic_class: z.enum(['transactional', 'promotional']).default('transactional'),
  ttl: z.number().int().min(1).max(DEFAULT_TTL_SECONDS).optional(),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

async function checkSender(ctx: Ctx, actor: TenantActor, body: TSendMessageBody, test: boolean): Promise<void> {
  const sender = await findSenderByName(ctx, actor.organizationId, body.from);
  // Exact name: a sender ID shows on handsets as registered.
  if (!sender || sender.name !== body.from || !approvedClasses(sender).includes(body.traffic_class)) {
    throw new DomainError('sender_not_authorized', `The sender ID ${body.from} is not approved for ${body.traffic_class} messages of this organization.`, { field: 'from' });
  }
  if (!test && !sender.route_approved) {
    throw new DomainError('sender_not_ready', `The sender ID ${body.from} is approved, but the SMS route has not approved it yet.`, { field: 'from' });
  }
}

/** Promotional messages go only to a contact with consent and no active opt-out (SPEC What the service does 9). */
async function checkConsent(ctx: Ctx, organizationId: string, to: string): Promise<void> {
  const found = await one<{ opted_out: boolean; has_consent: boolean | null }>(
    ctx.em,
    `select exists (select 1 from opt_outs o where o.organization_id = ? and o.phone = ? and o.cleared_at is null) as opted_out,
       (select r.action = 'consent_recorded' from contacts c join consent_records r on r.contact_id = c.id
        where c.organization_id = ? and c.phone = ? and r.action in ('consent_recorded', 'consent_cleared')
        order by r.id desc limit 1) as has_consent`,
    [organizationId, to, organizationId, to],
  );
  if (found?.opted_out) throw new DomainError('recipient_opted_out', 'The recipient has opted out of promotional messages.', { field: 'to' });
  if (!found?.has_consent) throw new DomainError('consent_required', 'A promotional message needs a contact for the number with a recorded consent.', { field: 'to' });
}

export async function sendMessage(ctx: Ctx, actor: TenantActor, body: TSendMessageBody) {
  const to = unwrap(normalizeTanzanianMobile(body.to, 'to'));
  const test = actor.kind === 'key' && actor.mode === 'test';
  const settings = await readSettings(ctx);
  const analysis = unwrap(analyzeBody(body.body, settings.smsRoute));
  await checkSender(ctx, actor, body, test);
  const plan = await currentPricePlan(ctx, actor.organizationId);
  const price = priceMessage(plan.rates, body.traffic_class, analysis.segments);
  if (body.traffic_class === 'promotional') await checkConsent(ctx, actor.organizationId, to);
  const id = newId();
  const held = !test && body.traffic_class === 'promotional' ? heldUntil(settings.window, ctx.now) : null;
  return inTransaction(ctx, async (tx) => {
    if (!test) {
      // Keys of unverified organizations are stopped at authentication; members are stopped here.
      const org = await one<{ verified: boolean; frozen: boolean }>(
        tx.em,
        'select o.verified, w.frozen from organizations o join wallets w on w.organization_id = o.id where o.id = ?',
        [actor.organizationId],
      );
      if (!org?.verified) throw new DomainError('organization_not_verified', 'Live messages can be sent once the service has verified the organization.');
      if (org.frozen) throw new DomainError('wallet_frozen', 'The wallet is frozen; contact the service.');
      await applyMovement(tx.em, actor.organizationId, (b) => hold(b, price.total), { ...actorRef(actor), messageId: id, at: tx.now });
      // Last of the checks, so that a refused send never uses up the recipient's allowance.
      await takeToken(tx, `recipient:${actor.organizationId}:${to}`, RECIPIENT_MESSAGES_PER_HOUR, RECIPIENT_MESSAGES_PER_HOUR / 3600, true);
    }
    await exec(
      tx.em,
      `insert into messages (id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
         unit_amount, total, charge, api_key_id, member_id, held_until, dispatch_after, expires_at, created_at, updated_at)
       values (?, ?, ?, 'accepted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        actor.organizationId,
        test,
        to,
        body.from,
        analysis.body,
        body.traffic_class,
        body.client_ref,
        analysis.encoding,
        analysis.segments,
        price.unitAmount.toString(),
        price.total.toString(),
        test ? 'none' : 'held',
        actor.kind === 'key' ? actor.keyId : null,
        actor.kind === 'member' ? actor.memberId : null,
        held,
        held ?? tx.now,
        new Date(tx.now.getTime() + (body.ttl ?? DEFAULT_TTL_SECONDS) * 1000),
        tx.now,
        tx.now,
      ],
    );
    if (test) await completeTestMessage(tx, actor.organizationId, id, to);
    const row = await findMessage(tx, actor.organizationId, id);
    return messageView(row, actor, await messageDetail(tx, row));
  });
}
