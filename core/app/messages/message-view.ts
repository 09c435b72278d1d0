// Message rows, their attempts and receipts, and the public Message shape (campaign numbers masked).
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { maskPhone } from '../../domain/phone.ts';
import { iso } from '../../domain/values.ts';
import { explainFailure } from '../../domain/failure-reasons.ts';
import { findAttempts, findReceipts, type AttemptRow, type MessageRow, type ReceiptRow } from '../../db/messages/message-rows.ts';
import { findOwned } from '../find-owned.ts';
import { canSeeNumbers } from '../contacts/contact-view.ts';

export function findMessage(ctx: Ctx, organizationId: string, id: string): Promise<MessageRow> {
  return findOwned<MessageRow>(ctx, { table: 'messages', noun: 'message' }, organizationId, id);
}

/** Campaign numbers are masked unless a member with contacts.read asks; single messages show theirs. */
export function messageView(row: MessageRow, actor: TenantActor, detail?: MessageDetail) {
  const masked = row.campaign_id !== null && !canSeeNumbers(actor);
  return {
    id: row.id,
    status: row.status,
    to: masked ? maskPhone(row.to_phone) : row.to_phone,
    from: row.sender,
    body: row.body,
    traffic_class: row.traffic_class,
    client_ref: row.client_ref,
    encoding: row.encoding,
    segments: row.segments,
    price: { currency: 'TZS', unit: 'cents', unit_amount: Number(row.unit_amount), total: Number(row.total), charged: row.charge === 'captured' },
    test: row.test,
    failure_reason: row.failure_reason,
    // The stored reason in plain words (English and Kiswahili), beside the spec's text, which stays as it was.
    failure_explanation: explainFailure(row.failure_reason),
    campaign_id: row.campaign_id,
    held_until: iso(row.held_until),
    send_at: iso(row.send_at ?? null),
    expires_at: iso(row.expires_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    final_at: iso(row.final_at),
    // An attempt's bind is GraphQL's alone: REST keeps the spec's attempt shape.
    ...(detail ? { attempts: detail.attempts.map(({ bind: _bind, ...attempt }) => attempt), receipts: detail.receipts } : {}),
  };
}

export type MessageView = ReturnType<typeof messageView>;

/**
 * A message as the list and GET /v1/messages/{id} show it: once a bind took it, with `bind`, an extension of the
 * spec naming the SMSC bind that took it last. Before that (and in the send's answer, and webhook payloads) it is
 * the spec's Message exactly, so that a message read back before dispatch equals the send's answer.
 */
export function listedMessageView(row: MessageRow, actor: TenantActor, detail?: MessageDetail) {
  const view: MessageView & { bind?: string } = messageView(row, actor, detail);
  return row.bind ? { ...view, bind: row.bind } : view;
}

export type ListedMessageView = ReturnType<typeof listedMessageView>;

export function attemptView(a: AttemptRow) {
  return { number: a.number, state: a.state, detail: a.detail, started_at: iso(a.started_at), finished_at: iso(a.finished_at), bind: a.bind ?? null };
}

export function receiptView(r: ReceiptRow) {
  return {
    delivery: r.delivery,
    raw_status: r.raw_status,
    failure_reason: r.error_code === null || r.delivery === 'delivered' ? null : `${r.raw_status} (error ${r.error_code})`,
    effect: r.effect,
    received_at: iso(r.received_at),
  };
}

export interface MessageDetail {
  attempts: ReturnType<typeof attemptView>[];
  receipts: ReturnType<typeof receiptView>[];
}

/** The attempts and receipts of many messages of one organization, two statements for any number (no N+1). */
export async function messageDetails(ctx: Ctx, organizationId: string, ids: readonly string[]) {
  const [attempts, receipts] = await Promise.all([findAttempts(ctx.em, organizationId, ids), findReceipts(ctx.em, organizationId, ids)]);
  const details = new Map<string, MessageDetail>(ids.map((id) => [id, { attempts: [], receipts: [] }]));
  for (const a of attempts) details.get(a.message_id)?.attempts.push(attemptView(a));
  for (const r of receipts) details.get(r.message_id)?.receipts.push(receiptView(r));
  return details;
}

/** One message's attempts and receipts, in their public shape. */
export async function messageDetail(ctx: Ctx, row: MessageRow) {
  return (await messageDetails(ctx, row.organization_id, [row.id])).get(row.id)!;
}
