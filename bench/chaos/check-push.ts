// The checks of push payments: one top-up per idempotency key, every answered one stored; a push payment credited
// at most once however many callbacks announce it (the simulator calls back twice for a number ending in 3), with
// what the simulator paid, by the one entry its row and its request name; a declined one moves no money. A push
// still pending is allowed: its callback may have died with its API process, and the status task asks only after
// minutes (README "Paying in").
import type { SentPush } from './push.ts';
import { simulatedPaidCents } from './push.ts';
import type { PushRow, Snapshot } from './snapshot.ts';
import type { Violations } from './violations.ts';

function checkAnswered(p: SentPush, snapshot: Snapshot, v: Violations): void {
  const ids = new Set(p.result.successes.map((a) => a.body?.data?.top_up?.id as string | undefined));
  if (!p.result.answer || p.result.answer.status >= 300) {
    v.add('push-answered', `${p.key} (${p.phone}): answered ${p.result.answer?.status ?? 'nothing'} before the deadline (${p.result.failures.slice(-3).join(', ') || 'no retries'})`);
  }
  if (ids.size > 1 || ids.has(undefined)) v.add('push-answered', `${p.key}: its answers name ${[...ids].join(', ')}`);
  const mine = snapshot.pushes.filter((r) => r.payer_phone === p.phone);
  if (mine.length > 1) v.add('push-answered', `${p.key}: ${mine.length} top-up requests for one idempotency key`);
  for (const id of ids) {
    if (id && !mine.some((r) => r.id === id)) v.add('push-answered', `${p.key}: answered with top-up ${id}, which is not stored`);
  }
}

function checkRequest(p: SentPush, r: PushRow, snapshot: Snapshot, v: Violations): void {
  const rows = snapshot.payments.filter((m) => m.top_up_request_id === r.id);
  const entries = snapshot.paymentEntries.filter((e) => r.transaction_id !== null && e.reference === `M-Pesa ${r.transaction_id}`);
  if (rows.length > 1) v.add('push-once', `top-up ${r.id} (${p.phone}): ${rows.length} mobile_money_payments rows (${rows.map((m) => m.transaction_id).join(', ')})`);
  if (entries.length > 1) v.add('push-once', `top-up ${r.id} (${p.phone}, transaction ${r.transaction_id}): ${entries.length} top_up entries (${entries.map((e) => e.amount).join(', ')})`);
  const paid = simulatedPaidCents(p.phone, p.amountTzs);
  const wrong: string[] = [];
  if (r.status === 'credited') {
    const row = rows[0];
    if (paid === null) wrong.push('credited although the simulator declines this number');
    if (r.credited_amount !== String(paid)) wrong.push(`credited ${r.credited_amount}, the simulator paid ${paid}`);
    if (!row || row.status !== 'credited' || row.ledger_entry_id !== r.ledger_entry_id || row.amount !== r.credited_amount) {
      wrong.push(`its payment row ${row ? `${row.status}, entry ${row.ledger_entry_id}, ${row.amount}` : 'is missing'}`);
    }
    if (entries.length !== 1 || entries[0]!.id !== r.ledger_entry_id || entries[0]!.amount !== r.credited_amount || entries[0]!.organization_id !== r.organization_id) {
      wrong.push(`its ledger: ${entries.map((e) => `${e.id} ${e.amount}`).join(', ') || 'no entry'} (the request names ${r.ledger_entry_id})`);
    }
    if ((r.flag === 'amount_differs') !== (p.phone.endsWith('4'))) wrong.push(`flag ${r.flag}`);
  } else if (entries.length > 0 || rows.some((m) => m.status === 'credited')) {
    wrong.push(`${r.status} but credited by ${entries.map((e) => e.amount).join(', ') || 'a payment row'}`);
  }
  if (wrong.length > 0) v.add('push-credited', `top-up ${r.id} (${p.phone}, TZS ${p.amountTzs}, ${r.status}): ${wrong.join('; ')}`);
}

export function checkPushes(pushes: SentPush[], snapshot: Snapshot, v: Violations): void {
  for (const p of pushes) {
    checkAnswered(p, snapshot, v);
    for (const r of snapshot.pushes.filter((x) => x.payer_phone === p.phone)) checkRequest(p, r, snapshot, v);
  }
  const known = new Set(snapshot.pushes.map((r) => `M-Pesa ${r.transaction_id}`));
  for (const e of snapshot.paymentEntries.filter((x) => x.reference.startsWith('M-Pesa ') && !known.has(x.reference))) {
    v.add('push-once', `entry ${e.id} (${e.reference}, ${e.amount}) names no push payment of the run`);
  }
}

export function pushCounts(pushes: SentPush[], snapshot: Snapshot): Record<string, number> {
  const status = (s: string) => snapshot.pushes.filter((r) => r.status === s).length;
  return {
    pushes: pushes.length,
    answered: pushes.filter((p) => p.result.answer && p.result.answer.status < 300).length,
    retried: pushes.filter((p) => p.result.attempts > 1).length,
    'called-back-twice': pushes.filter((p) => p.phone.endsWith('3')).length,
    credited: status('credited'),
    failed: status('failed'),
    pending: status('pending'),
    flagged: snapshot.pushes.filter((r) => r.flag !== null).length,
  };
}
