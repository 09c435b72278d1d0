// Writing an accepted message: for live traffic the recipient's allowance, the hold, its ledger entry and the
// message in one statement (hot path: one round trip, the wallet row locked only until commit).
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import type { Encoding } from '../../domain/segments.ts';
import { actorRef } from '../actor.ts';
import { DomainError } from '../../domain/errors.ts';
import { holdDelta } from '../../domain/ledger.ts';
import { newId } from '../../db/ids.ts';
import { exec, one } from '../../db/sql.ts';
import { RECORD_UPDATE, recordParams } from '../idempotency.ts';
import type { MessageRow } from './message-view.ts';

export const RECIPIENT_MESSAGES_PER_HOUR = 30;

export interface NewMessage {
  id: string;
  organizationId: string;
  test: boolean;
  to: string;
  from: string;
  body: string;
  trafficClass: 'transactional' | 'promotional';
  clientRef: string;
  encoding: Encoding;
  segments: number;
  unitAmount: bigint;
  total: bigint;
  apiKeyId: string | null;
  memberId: string | null;
  heldUntil: Date | null;
  expiresAt: Date;
}

const COLUMNS = `id, organization_id, test, status, to_phone, sender, body, traffic_class, client_ref, encoding, segments,
  unit_amount, total, charge, api_key_id, member_id, held_until, dispatch_after, expires_at, created_at, updated_at`;

function values(m: NewMessage, at: Date): unknown[] {
  return [
    m.id, m.organizationId, m.test, m.to, m.from, m.body, m.trafficClass, m.clientRef, m.encoding, m.segments,
    m.unitAmount.toString(), m.total.toString(), m.test ? 'none' : 'held', m.apiKeyId, m.memberId, m.heldUntil, m.heldUntil ?? at, m.expiresAt, at, at,
  ];
}

export async function insertTestMessage(tx: Ctx, m: NewMessage): Promise<void> {
  await exec(tx.em, `insert into messages (${COLUMNS}) values (?, ?, ?, 'accepted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, values(m, tx.now));
}

/**
 * The allowance token first (it must not be taken for a refused send: the statement is all or
 * nothing), then the wallet (only if funds are there and it is not frozen), the ledger entry and the
 * message, each inserted only when the wallet moved.
 */
export async function holdAndRecord(tx: Ctx, actor: TenantActor, m: NewMessage, response: { status: number; body: string } | null): Promise<void> {
  const d = holdDelta(m.total);
  const { actorType, actorId } = actorRef(actor);
  const pending = tx.idempotency;
  // The idempotency record in the same statement: after it, only the commit holds the wallet row.
  const record = pending && response ? `, i as (${RECORD_UPDATE} and exists (select 1 from w))` : '';
  const result = await one<{ allowed: boolean; retry_after_seconds: number; held: number }>(
    tx.em,
    `with t as (select * from take_token(?, ?, ?, ?)),
     w as (
       update wallets set available = available + ?, held = held + ?, captured = captured + ?, credited = credited + ?, updated_at = ?
       where organization_id = ? and not frozen and available + ? >= 0 and (select allowed from t)
       returning available, held
     ),
     l as (
       insert into ledger_entries (id, organization_id, kind, amount, balance_after, held_after, message_id, actor_type, actor_id, created_at)
       select ?, ?, 'hold', ?, w.available, w.held, ?, ?, ?, ? from w
     ),
     m as (
       insert into messages (${COLUMNS})
       select ?, ?, ?, 'accepted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz from w
     )${record}
     select t.allowed, t.retry_after_seconds, (select count(*) from w)::int as held from t`,
    [
      `recipient:${m.organizationId}:${m.to}`, RECIPIENT_MESSAGES_PER_HOUR, RECIPIENT_MESSAGES_PER_HOUR / 3600, tx.now,
      d.available.toString(), d.held.toString(), d.captured.toString(), d.credited.toString(), tx.now, m.organizationId, d.available.toString(),
      newId(), m.organizationId, m.total.toString(), m.id, actorType, actorId, tx.now,
      ...values(m, tx.now),
      ...(pending && response ? recordParams(pending.scope, response) : []),
    ],
  );
  if (!result?.allowed) {
    const retryAfter = Math.max(1, Math.ceil(result?.retry_after_seconds ?? 1));
    throw new DomainError('rate_limited', `At most ${RECIPIENT_MESSAGES_PER_HOUR} live messages an hour reach one recipient; retry after ${retryAfter} s.`, { retryAfter });
  }
  // The read before found funds and an open wallet; a concurrent send or a freeze got there first.
  if (result.held !== 1) throw new DomainError('insufficient_funds', 'The wallet does not have enough available balance for this message.');
  if (pending && response) pending.written = response;
}

/** The accepted message as the database now holds it, without reading it back. */
export function acceptedRow(m: NewMessage, at: Date): MessageRow {
  return {
    id: m.id,
    organization_id: m.organizationId,
    test: m.test,
    status: 'accepted',
    to_phone: m.to,
    sender: m.from,
    body: m.body,
    traffic_class: m.trafficClass,
    client_ref: m.clientRef,
    encoding: m.encoding,
    segments: m.segments,
    unit_amount: m.unitAmount.toString(),
    total: m.total.toString(),
    charge: m.test ? 'none' : 'held',
    failure_reason: null,
    campaign_id: null,
    held_until: m.heldUntil,
    expires_at: m.expiresAt,
    created_at: at,
    updated_at: at,
    final_at: null,
  };
}
