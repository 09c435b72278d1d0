// The checks of messages from handsets: each one the SMSC sent stored exactly once (by its reference) and whole,
// never acknowledged before it was stored, for the organization owning the number it was sent to, and its keyword's
// effect on opt-outs left as the last keyword stored says; no keyword opt-out without its message.
import type { InboundLedger, SentInbound } from './inbound.ts';
import type { InboundRow, InboundSnapshot, OptOutRow } from './inbound-db.ts';
import type { Violations } from './violations.ts';

const MESSAGE_ID = /inbound message ([0-9a-f-]{36})/i;
const sameText = (row: InboundRow, m: SentInbound) => row.from_phone === m.from && row.to_number === m.to && row.body === m.text;

/** The rows that are each sent message: by its reference, or (a row stored without one) by its addresses and text. */
export function rowsBySent(sent: SentInbound[], snapshot: InboundSnapshot): { rows: Map<SentInbound, InboundRow[]>; strays: InboundRow[] } {
  const rows = new Map<SentInbound, InboundRow[]>(sent.map((m) => [m, []]));
  const byRef = new Map(sent.filter((m) => m.smscMessageRef).map((m) => [m.smscMessageRef!, m]));
  const strays: InboundRow[] = [];
  for (const row of snapshot.messages) {
    const m = row.smsc_message_ref ? byRef.get(row.smsc_message_ref) : sent.find((s) => sameText(row, s));
    if (m) rows.get(m)!.push(row);
    else strays.push(row);
  }
  return { rows, strays };
}

function checkOnce(m: SentInbound, rows: InboundRow[], ledger: InboundLedger, v: Violations): void {
  const name = `${m.smscMessageRef} (${m.parts} part${m.parts > 1 ? 's' : ''} from ${m.from} to ${m.to})`;
  const record = ledger.record(m.smscMessageRef ?? '');
  const written = [...record.written.values()].reduce((a, b) => a + b, 0);
  if (rows.length === 0) return v.add('inbound-once', `${name} lost: never stored (${written} deliver_sm written, ${record.acknowledged.size} parts acknowledged)`);
  if (rows.length > 1) v.add('inbound-once', `${name} stored ${rows.length} times (${rows.map((r) => r.smsc_message_ref ?? 'no reference').join(', ')}; ${written} deliver_sm written)`);
  const wrong = rows.find((r) => r.body !== m.text || r.parts !== m.parts || r.incomplete);
  if (wrong) v.add('inbound-once', `${name} not whole: ${wrong.parts} parts${wrong.incomplete ? ', incomplete' : ''}, body ${JSON.stringify(wrong.body.slice(0, 60))}`);
}

function checkAcknowledged(m: SentInbound, stored: boolean, ledger: InboundLedger, v: Violations): void {
  const record = ledger.record(m.smscMessageRef ?? '');
  for (const [seq, results] of record.acknowledged) {
    if (results.includes('not-stored')) v.add('inbound-stored-before-ack', `${m.smscMessageRef} part ${seq}/${m.parts}: acknowledged, and not stored when the SMSC read the acknowledgement`);
  }
  if (!stored && record.acknowledged.size === m.parts) v.add('inbound-stored-before-ack', `${m.smscMessageRef}: every part acknowledged, the message never stored`);
}

/** Which keyword message decides a number's opt-out: the last one stored for the organization. */
function checkKeywords(sent: SentInbound[], rows: Map<SentInbound, InboundRow[]>, snapshot: InboundSnapshot, v: Violations): void {
  const senders = new Map<string, SentInbound[]>();
  for (const m of sent.filter((s) => s.keyword && s.organizationId)) senders.set(`${m.organizationId}/${m.from}`, [...(senders.get(`${m.organizationId}/${m.from}`) ?? []), m]);
  for (const [key, messages] of senders) {
    const [organizationId, phone] = key.split('/') as [string, string];
    const stored = messages.flatMap((m) => (rows.get(m) ?? []).map((row) => ({ m, row })));
    for (const { m, row } of stored) if (row.keyword !== m.keyword) v.add('inbound-keyword', `${row.id} (${JSON.stringify(m.text)} from ${phone}) stored as keyword ${row.keyword}`);
    const last = stored.sort((a, b) => a.row.received_at.getTime() - b.row.received_at.getTime() || a.row.id.localeCompare(b.row.id)).at(-1);
    if (!last) continue;
    const active = snapshot.optOuts.filter((o) => o.organization_id === organizationId && o.phone === phone && o.cleared_at === null);
    if (last.m.keyword === 'opt_out' && !active.some((o) => o.source === 'sms_keyword')) {
      v.add('inbound-keyword', `${phone} wrote ${stored.map((s) => JSON.stringify(s.m.text)).join(' then ')} to ${organizationId}: no active sms_keyword opt-out`);
    }
    if (last.m.keyword === 'opt_in' && active.length > 0) {
      v.add('inbound-keyword', `${phone} wrote ${stored.map((s) => JSON.stringify(s.m.text)).join(' then ')} to ${organizationId}: still opted out (${active.map((o) => o.id).join(', ')})`);
    }
  }
}

/** Every keyword opt-out, and every keyword clearance, names a stored message of its organization and number that said so. */
function checkEvidence(snapshot: InboundSnapshot, v: Violations): void {
  const byId = new Map(snapshot.messages.map((r) => [r.id, r]));
  const names = (o: OptOutRow, text: string | null, keyword: string) => {
    const row = byId.get(MESSAGE_ID.exec(text ?? '')?.[1] ?? '');
    return row !== undefined && row.organization_id === o.organization_id && row.from_phone === o.phone && row.keyword === keyword;
  };
  for (const o of snapshot.optOuts) {
    if (o.source !== 'sms_keyword') v.add('opt-out-without-message', `${o.id} for ${o.phone}: recorded by ${o.source}, not by a keyword of the run`);
    else if (!names(o, o.reason, 'opt_out')) v.add('opt-out-without-message', `${o.id} for ${o.phone} in ${o.organization_id}: its reason names no stored STOP of that number (${o.reason})`);
    if (o.cleared_at && o.source === 'sms_keyword' && !names(o, o.clear_reason, 'opt_in')) {
      v.add('opt-out-without-message', `${o.id} for ${o.phone}: cleared with no stored START of that number (${o.clear_reason})`);
    }
  }
}

export function checkInbound(sent: SentInbound[], snapshot: InboundSnapshot, ledger: InboundLedger, v: Violations): void {
  const { rows, strays } = rowsBySent(sent, snapshot);
  for (const m of sent) {
    const found = rows.get(m)!;
    checkOnce(m, found, ledger, v);
    checkAcknowledged(m, found.length > 0, ledger, v);
    for (const row of found) {
      if (row.organization_id !== m.organizationId) v.add('inbound-owner', `${m.smscMessageRef} to ${m.to} stored for ${row.organization_id ?? 'nobody'}, the number is ${m.organizationId ?? 'nobody'}'s`);
    }
  }
  for (const row of strays) v.add('inbound-once', `${row.id} (${row.smsc_message_ref ?? 'no reference'} from ${row.from_phone} to ${row.to_number}) stored, never sent by the SMSC`);
  checkKeywords(sent, rows, snapshot, v);
  checkEvidence(snapshot, v);
}

/** Messages the SMSC sent that are not stored yet: the run waits for them to settle. */
export function inboundWaiting(sent: SentInbound[], snapshot: InboundSnapshot): SentInbound[] {
  const { rows } = rowsBySent(sent, snapshot);
  return sent.filter((m) => rows.get(m)!.length === 0);
}

export function inboundCounts(sent: SentInbound[], snapshot: InboundSnapshot, ledger: InboundLedger): Record<string, number> {
  const records = sent.map((m) => ledger.record(m.smscMessageRef ?? ''));
  const sum = (pick: (r: (typeof records)[number]) => number) => records.reduce((n, r) => n + pick(r), 0);
  const parts = sent.reduce((n, m) => n + m.parts, 0);
  return {
    sent: sent.length,
    long: sent.filter((m) => m.parts > 1).length,
    ucs2: sent.filter((m) => /[^\u0000-\u007f]/.test(m.text)).length,
    keywords: sent.filter((m) => m.keyword).length,
    unowned: sent.filter((m) => m.organizationId === null).length,
    parts,
    written: sum((r) => [...r.written.values()].reduce((a, b) => a + b, 0)),
    resent: sum((r) => [...r.written.values()].reduce((a, b) => a + b, 0)) - parts,
    acknowledged: sum((r) => [...r.acknowledged.values()].reduce((a, b) => a + b.length, 0)),
    'probe-unknown': sum((r) => [...r.acknowledged.values()].flat().filter((p) => p === 'unknown').length),
    stored: snapshot.messages.length,
    'opted-out': snapshot.optOuts.filter((o) => o.cleared_at === null).length,
    cleared: snapshot.optOuts.filter((o) => o.cleared_at !== null).length,
  };
}
