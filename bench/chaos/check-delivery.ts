// The checks of what reached whom: each 202 exactly once, no part taken in twice, every message settled in time.
import type { SentMessage } from './traffic.ts';
import type { MessageRow, Snapshot } from './snapshot.ts';
import type { HandsetRecord, Recorder } from './recorder.ts';
import { story, takenIn } from './recorder.ts';
import type { Violations } from './violations.ts';

const digits = (phone: string) => phone.replace(/^\+/, '');
/** Numbers ending 95: the SMSC accepts them and never sends a receipt, on purpose. */
const withheld = (phone: string) => phone.endsWith('95');

export function checkAccepted(sent: SentMessage[], snapshot: Snapshot, v: Violations): void {
  const byRef = new Map<string, MessageRow[]>();
  for (const m of snapshot.messages.filter((row) => row.campaign_id === null)) {
    const key = `${m.organization_id}/${m.client_ref}`;
    byRef.set(key, [...(byRef.get(key) ?? []), m]);
  }
  for (const s of sent) {
    const key = `${s.organizationId}/${s.key}`;
    const rows = byRef.get(key) ?? [];
    byRef.delete(key);
    const ids = new Set(s.result.successes.map((a) => a.body?.data?.id as string | undefined));
    if (s.result.successes.length === 0) {
      if (rows.length > 1) v.add('exactly-once-202', `${s.key}: no 202, yet ${rows.length} messages`);
      continue;
    }
    if (ids.size !== 1) v.add('exactly-once-202', `${s.key}: 202s name ${ids.size} different ids`);
    else if (rows.length !== 1) v.add('exactly-once-202', `${s.key}: 202 for ${[...ids][0]}, ${rows.length} messages with its client_ref`);
    else if (!ids.has(rows[0]!.id)) v.add('exactly-once-202', `${s.key}: 202 for ${[...ids][0]}, the message is ${rows[0]!.id}`);
  }
  for (const [key, rows] of byRef) v.add('exactly-once-202', `${key}: ${rows.length} messages no request of the run asked for`);
}

export function checkParts(snapshot: Snapshot, recorder: Recorder, v: Violations): void {
  for (const m of snapshot.messages) {
    const byPart = new Map<number, string[]>();
    for (const s of recorder.handset(digits(m.to_phone)).submits.filter(takenIn)) {
      byPart.set(s.part, [...(byPart.get(s.part) ?? []), `${s.status ?? 'unanswered'}${s.fault ? `/${s.fault}` : ''}`]);
    }
    for (const [part, seen] of byPart) {
      if (seen.length > 1) v.add('submitted-twice', `${m.id} (${m.status}, attempts ${m.attempts.map((a) => a.state).join('>')}) part ${part} taken in ${seen.length} times; ${story(recorder.handset(digits(m.to_phone)))}`);
    }
  }
}

/**
 * When receipts the client acknowledged, for ids the SMSC answered, decided the message's outcome (any UNDELIV or
 * REJECTD, or DELIVRD for every part): the moment of the last one needed; null while they do not.
 */
function decidedAt(record: HandsetRecord): number | null {
  const answered = new Map(record.submits.filter((s) => s.answered && s.messageId !== null).map((s) => [s.messageId!, s]));
  const acknowledged = record.acknowledged.filter((r) => !r.stray && answered.has(r.messageId));
  const negative = acknowledged.find((r) => r.stat !== 'DELIVRD');
  if (negative) return negative.at;
  const parts = Math.max(0, ...record.submits.map((s) => s.parts));
  const firstByPart = new Map<number, number>();
  for (const r of acknowledged) {
    const part = answered.get(r.messageId)!.part;
    firstByPart.set(part, Math.min(firstByPart.get(part) ?? Infinity, r.at));
  }
  return parts > 0 && firstByPart.size >= parts ? Math.max(...firstByPart.values()) : null;
}

const OPEN = new Set(['accepted', 'submitted', 'unknown']);

export interface ReceiptWaiting {
  message: MessageRow;
  /** When the receipts that decide it were acknowledged. */
  decidedAt: number;
  stats: string;
}

/** Messages still open although receipts the client acknowledged decided them. */
export function openAfterReceipts(snapshot: Snapshot, recorder: Recorder): ReceiptWaiting[] {
  return snapshot.messages.flatMap((m) => {
    if (!OPEN.has(m.status)) return [];
    const record = recorder.handset(digits(m.to_phone));
    // An unknown message whose answer died with its process (the SMSC wrote it, no process recorded it) has no id
    // its receipts can be matched by: unknown, with its reason, is the honest end (unknown-without-reason checks it).
    if (m.status === 'unknown' && m.provider_ids < Math.max(1, ...record.submits.map((s) => s.parts))) return [];
    const at = decidedAt(record);
    return at === null ? [] : [{ message: m, decidedAt: at, stats: story(record) }];
  });
}

/**
 * Messages not yet where they should be. Those decided by receipts are left to the receipt check (`late`: the
 * messages found open longer than the receipt bound after their receipts), the rest must be final or unknown.
 */
export function checkSettled(snapshot: Snapshot, recorder: Recorder, v: Violations, late: ReadonlyMap<string, string>): void {
  const decided = new Set(openAfterReceipts(snapshot, recorder).map((w) => w.message.id));
  for (const detail of late.values()) v.add('receipt-not-applied', detail);
  for (const m of snapshot.messages) {
    if (decided.has(m.id)) continue;
    const told = () => story(recorder.handset(digits(m.to_phone)));
    if (m.status === 'accepted') v.add('not-settled', `${m.id} accepted (${m.submit_started_at ? 'claimed, never answered' : 'never claimed'}), ${told()}`);
    if (m.status === 'submitted' && !withheld(m.to_phone)) v.add('not-settled', `${m.id} submitted, no receipt came, ${told()}`);
    if (m.status === 'unknown' && !m.failure_reason && !m.attempts.some((a) => a.detail)) {
      v.add('unknown-without-reason', `${m.id} unknown, attempts ${m.attempts.map((a) => a.state).join('>')}, no reason; ${told()}`);
    }
  }
  for (const c of snapshot.campaigns) if (c.pending > 0) v.add('not-settled', `campaign ${c.id} (${c.status}): ${c.pending} recipients still pending`);
  for (const r of snapshot.strayApplied) v.add('stray-receipt-applied', `${r.message_id} took the stray receipt ${r.provider_id}`);
}
