// The checks of money: each organization's wallet against its ledger and its messages, one hold per message, and
// each share settled once, by the spec's rule (SPEC message states; DESIGN.md 5; docs/decisions/0085 and 0103 on
// receipts).
import type { MessageRow, Snapshot } from './snapshot.ts';
import type { Violations } from './violations.ts';

const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

/**
 * The charges a message may have in its status. A provider's acceptance charges the share (delivered, undelivered,
 * submitted); a refusal before acceptance, expiry and cancel release it; a campaign message the provider fails (a
 * refusal, or REJECTD) is released; unknown keeps the hold (released only after seven days). A single message
 * failed by a receipt after a part was accepted may be either: charged when it failed from submitted (the charge
 * stands), released when it failed from unknown (the hold goes back); the database keeps no history that tells which.
 */
export function allowedCharges(m: Pick<MessageRow, 'status' | 'campaign_id' | 'attempts'>): readonly string[] {
  switch (m.status) {
    case 'accepted':
    case 'unknown':
      return ['held'];
    case 'submitted':
    case 'delivered':
    case 'undelivered':
      return ['captured'];
    case 'failed':
      if (m.campaign_id !== null) return ['released'];
      return m.attempts.some((a) => a.state === 'submitted') ? ['captured', 'released'] : ['released'];
    case 'expired':
    case 'cancelled':
      return ['released'];
    default:
      return [];
  }
}

/**
 * The charge a message's own settling entries leave its share in, or null when they are not one settlement: nothing
 * (held), one capture, one release, or a capture given back once (a refund, or a release after the capture) when
 * the provider fails a campaign message it had accepted.
 */
function chargeOfEntries(entries: MessageRow['entries'], total: string): string | null {
  const settles = entries.filter((e) => e.kind !== 'hold');
  if (settles.some((e) => e.amount !== total)) return null;
  const kinds = settles.map((e) => e.kind).sort().join('+');
  const byKinds: Record<string, string> = { '': 'held', capture: 'captured', release: 'released', 'capture+refund': 'released', 'capture+release': 'released' };
  return byKinds[kinds] ?? null;
}

function checkMessage(m: MessageRow, v: Violations): void {
  const of = (kind: string) => m.entries.filter((e) => e.kind === kind);
  const holds = of('hold');
  if (m.campaign_id === null && (holds.length !== 1 || holds[0]!.amount !== m.total)) {
    v.add('one-hold', `${m.id}: ${holds.length} holds (${holds.map((h) => h.amount).join(', ')}) for a total of ${m.total}`);
  }
  if (m.campaign_id !== null && holds.length > 0) v.add('one-hold', `campaign message ${m.id} has ${holds.length} holds of its own`);
  if (chargeOfEntries(m.entries, m.total) !== m.charge) {
    const settles = m.entries.filter((e) => e.kind !== 'hold');
    v.add('settled-once', `${m.id} (${m.status}, charge ${m.charge}, total ${m.total}): ledger ${settles.map((e) => `${e.kind} ${e.amount}`).join(', ') || 'nothing'}`);
  }
  if (!allowedCharges(m).includes(m.charge)) {
    v.add('settle-rule', `${m.campaign_id ? 'campaign ' : ''}message ${m.id} ${m.status} (attempts ${m.attempts.map((a) => a.state).join('>')}) is ${m.charge}, the rule says ${allowedCharges(m).join(' or ')}`);
  }
}

export function checkMoney(snapshot: Snapshot, v: Violations): void {
  for (const m of snapshot.messages) checkMessage(m, v);
  for (const c of snapshot.campaigns) {
    if (c.reservations !== 1 || c.message_holds !== 0) v.add('one-hold', `campaign ${c.id}: ${c.reservations} reservations, ${c.message_holds} holds naming messages`);
  }
  for (const w of snapshot.wallets) {
    const mine = snapshot.messages.filter((m) => m.organization_id === w.organization_id);
    const captured = sum(mine.filter((m) => m.charge === 'captured').map((m) => BigInt(m.total)));
    const pending = sum(snapshot.campaigns.filter((c) => c.organization_id === w.organization_id).map((c) => BigInt(c.share) * BigInt(c.pending)));
    const held = sum(mine.filter((m) => m.charge === 'held').map((m) => BigInt(m.total))) + pending;
    const [credits, available, walletHeld, walletCaptured] = [w.credits, w.available, w.held, w.captured].map(BigInt) as [bigint, bigint, bigint, bigint];
    if (credits !== available + walletHeld + captured || walletCaptured !== captured || walletHeld !== held) {
      v.add(
        'money-identity',
        `organization ${w.organization_id}: top-ups ${credits}, available ${available}, held ${walletHeld} (shares held ${held}), ` +
          `captured ${walletCaptured} (shares captured ${captured})`,
      );
    }
  }
}
