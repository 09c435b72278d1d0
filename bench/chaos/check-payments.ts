// The checks of money in at the paybill: a notice answered 200 was stored first, each aggregator transaction is
// kept and credited at most once (exactly once when credited), to the organization whose account number was paid
// and with the amount paid; an account number naming no organization is kept unmatched and moves no money
// (README "Paying in"; docs/mobile-money.md). The wallets' identity is check-money's.
import type { SentNotice } from './paybill.ts';
import type { PaymentEntryRow, PaymentRow, Snapshot } from './snapshot.ts';
import type { Violations } from './violations.ts';

const ok = (status: number | null) => status !== null && status >= 200 && status < 300;

function checkAnswers(n: SentNotice, v: Violations): void {
  const answered = n.deliveries.filter((d) => ok(d.status)).length;
  if (answered === 0) {
    const heard = n.deliveries.flatMap((d) => d.failures.slice(-2)).join(', ') || 'nothing';
    v.add('payment-acknowledged', `${n.transactionId}: ${n.copies} signed ${n.copies > 1 ? 'copies' : 'copy'} never answered 2xx before the deadline (last heard: ${heard})`);
  }
  const refusals = n.deliveries.flatMap((d) => d.failures).filter((f) => /^4\d\d$/.test(f) && f !== '429');
  if (refusals.length > 0) v.add('payment-acknowledged', `${n.transactionId}: a signed notice refused ${refusals.join(', ')}`);
  const credited = n.deliveries.filter((d) => d.outcome === 'credited').length;
  if (credited > 1) v.add('payment-once', `${n.transactionId}: answered "credited" ${credited} times to ${n.copies} copies`);
}

function checkMatched(n: SentNotice, row: PaymentRow, entries: PaymentEntryRow[], v: Violations): void {
  const cents = String(n.amountTzs * 100);
  const wrong: string[] = [];
  if (row.status !== 'credited') wrong.push(`status ${row.status}`);
  if (row.organization_id !== n.organizationId) wrong.push(`organization ${row.organization_id}`);
  if (row.amount !== cents) wrong.push(`amount ${row.amount}`);
  if (entries.length !== 1) wrong.push(`${entries.length} top_up entries`);
  const entry = entries[0];
  if (entry && entry.id !== row.ledger_entry_id) wrong.push(`the row names entry ${row.ledger_entry_id}, the ledger has ${entry.id}`);
  if (entry && (entry.organization_id !== n.organizationId || entry.amount !== cents)) wrong.push(`entry of ${entry.amount} to ${entry.organization_id}`);
  if (wrong.length > 0) {
    v.add('payment-credited', `${n.transactionId} (TZS ${n.amountTzs} to ${n.typed}, organization ${n.organizationId}, ${cents} cents): ${wrong.join('; ')}`);
  }
}

function checkUnmatched(n: SentNotice, row: PaymentRow, entries: PaymentEntryRow[], v: Violations): void {
  const wrong: string[] = [];
  if (row.status !== 'unmatched') wrong.push(`status ${row.status}`);
  if (row.organization_id !== null) wrong.push(`organization ${row.organization_id}`);
  if (row.ledger_entry_id !== null || entries.length > 0) wrong.push(`ledger ${[row.ledger_entry_id, ...entries.map((e) => `${e.amount} to ${e.organization_id}`)].filter(Boolean).join(', ')}`);
  if (row.amount !== String(n.amountTzs * 100)) wrong.push(`amount ${row.amount}`);
  if (wrong.length > 0) v.add('payment-unmatched', `${n.transactionId} to ${n.typed}, which names no organization: ${wrong.join('; ')}`);
}

export function checkPayments(notices: SentNotice[], snapshot: Snapshot, v: Violations): void {
  for (const n of notices) {
    checkAnswers(n, v);
    const rows = snapshot.payments.filter((p) => p.transaction_id === n.transactionId);
    const entries = snapshot.paymentEntries.filter((e) => e.reference === `Paybill ${n.transactionId}`);
    if (rows.length > 1) v.add('payment-once', `${n.transactionId}: ${rows.length} mobile_money_payments rows`);
    if (entries.length > 1) {
      v.add('payment-once', `${n.transactionId}: ${entries.length} top_up entries (${entries.map((e) => `${e.amount} to ${e.organization_id}`).join(', ')}) for ${n.copies} ${n.together ? 'concurrent ' : ''}copies`);
    }
    const row = rows[0];
    if (!row) {
      const answered = n.deliveries.filter((d) => ok(d.status));
      if (answered.length > 0) v.add('payment-stored', `${n.transactionId}: answered ${answered.map((d) => d.outcome ?? d.status).join(', ')} but no mobile_money_payments row`);
      if (entries.length > 0) v.add('payment-stored', `${n.transactionId}: ${entries.length} top_up entries and no mobile_money_payments row`);
      continue;
    }
    if (row.kind !== 'paybill') v.add('payment-credited', `${n.transactionId}: kept as a ${row.kind} payment`);
    if (n.organizationId === null) checkUnmatched(n, row, entries, v);
    else checkMatched(n, row, entries, v);
  }
}

/** A run's figures of money in: what was posted and answered, and what the database kept. */
export function paymentCounts(notices: SentNotice[], snapshot: Snapshot): Record<string, number> {
  const deliveries = notices.flatMap((n) => n.deliveries);
  const outcome = (o: string) => deliveries.filter((d) => d.outcome === o).length;
  return {
    notices: notices.length,
    posted: deliveries.reduce((sum, d) => sum + d.attempts, 0),
    answered: notices.filter((n) => n.deliveries.some((d) => ok(d.status))).length,
    duplicated: notices.filter((n) => n.copies > 1).length,
    concurrent: notices.filter((n) => n.together).length,
    'unknown-account': notices.filter((n) => n.organizationId === null).length,
    'copies-retried': deliveries.filter((d) => d.attempts > 1).length,
    'said-credited': outcome('credited'),
    'said-duplicate': outcome('duplicate'),
    'said-unmatched': outcome('unmatched'),
    'rows-credited': snapshot.payments.filter((p) => p.kind === 'paybill' && p.status === 'credited').length,
    'rows-unmatched': snapshot.payments.filter((p) => p.kind === 'paybill' && p.status === 'unmatched').length,
  };
}
