// A keyword the sender wrote (core/domain/keywords.ts): an opt-out word records an opt-out for the sender's number,
// an opt-in word clears its active opt-out, each with the message as evidence and the system as the actor (the
// number asked for itself; no member did), through the one way opt-outs are written (opt-out-writes.ts). A repeat
// (STOP from a number already opted out, START from one that is not) changes no record, but is answered with the
// confirmation again: the sender may not have seen the first. The confirmation is a system message, never
// charged; when the allowance of system messages to that number is spent, it is skipped and the skip audited.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { effectiveKeywords, keywordOf, type KeywordKind } from '../../domain/keywords.ts';
import { maskPhone } from '../../domain/phone.ts';
import { activeOptOut, findOptOut } from '../../db/opt-outs/opt-outs.ts';
import { readKeywordSettings } from '../../db/inbound/keyword-settings.ts';
import { markKeyword } from '../../db/inbound/inbound-list.ts';
import { queueSystemSms } from '../system-sms/send-system-sms.ts';
import { recordAudit, type ActorRef } from '../audit/record-audit.ts';
import { writeClearance, writeOptOut } from '../opt-outs/opt-out-writes.ts';
import type { StoredInbound } from './inbound-effects.ts';
import { isActiveOptOut } from '../../domain/opt-outs.ts';

const SYSTEM: ActorRef = { actorType: 'system', actorId: null };
const TANZANIAN_MOBILE = /^\+255[0-9]{9}$/;

/** The message as evidence: its id and its words (the words cut to fit the 500 characters kept). */
export function evidenceOf(message: Pick<StoredInbound, 'id' | 'body'>): string {
  const words = message.body.length > 400 ? `${message.body.slice(0, 399)}…` : message.body;
  return `Inbound message ${message.id}: "${words}"`;
}

/** Applies the message's keyword, if it is one; the kind it was read as, or null. */
export async function applyKeyword(tx: Ctx, message: StoredInbound): Promise<KeywordKind | null> {
  // Only a mobile number can be opted out (messages go to nowhere else).
  if (!TANZANIAN_MOBILE.test(message.fromPhone)) return null;
  const settings = effectiveKeywords(await readKeywordSettings(tx.em, message.organizationId));
  const found = keywordOf(message.body, settings);
  if (!found) return null;
  const evidence = evidenceOf(message);
  const base = { organizationId: message.organizationId, phone: message.fromPhone, source: 'sms_keyword' as const };
  if (found.kind === 'opt_out') {
    await writeOptOut(tx, SYSTEM, { ...base, reason: `Opted out by SMS keyword ${found.word} (inbound message ${message.id})`, evidence });
  } else {
    const active = await activeOptOut(tx.em, message.organizationId, message.fromPhone);
    // Locked and read again: two START messages at once clear it once.
    const locked = active && (await findOptOut(tx.em, message.organizationId, active.id, { lock: true }));
    if (locked && isActiveOptOut({ clearedAt: locked.cleared_at })) {
      await writeClearance(tx, SYSTEM, locked, { reason: `Opted in by SMS keyword ${found.word} (inbound message ${message.id})`, evidence, source: 'sms_keyword' });
    }
  }
  await markKeyword(tx.em, message.id, found.kind);
  const reply = found.kind === 'opt_out' ? settings.optOutReply : settings.optInReply;
  if (reply !== null) await confirm(tx, message, found.kind, reply);
  return found.kind;
}

async function confirm(tx: Ctx, message: StoredInbound, kind: KeywordKind, reply: string): Promise<void> {
  try {
    await queueSystemSms({ db: tx.em, now: tx.now }, { purpose: 'keyword_confirmation', to: message.fromPhone, memberId: null, body: reply, redactedBody: reply });
  } catch (err) {
    // Refused before anything was written (the allowance, or a text the SMS route no longer carries): the
    // opt-out stands, the confirmation is skipped and the skip audited (never its words).
    if (!(err instanceof DomainError)) throw err;
    await recordAudit(tx, SYSTEM, {
      organizationId: message.organizationId,
      action: 'inbound.confirmation_skipped',
      targetType: 'inbound_message',
      targetId: message.id,
      details: { keyword: kind, why: err.code, phone: maskPhone(message.fromPhone) },
    });
  }
}
