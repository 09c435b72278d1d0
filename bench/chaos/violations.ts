// Violations found by a run's checks, by check name, with a few examples each for the report.

export const CHECKS = {
  'exactly-once-202': 'each 202 names a message that exists exactly once (organization and client_ref); no message without a request',
  'submitted-twice': 'no part of a message taken in by the SMSC twice (ESME_RTHROTTLED answers excepted)',
  'not-settled': 'every message final (or unknown) and no campaign recipient pending, within the bound after the faults end',
  'unknown-without-reason': 'an unknown message says why: failure_reason or its attempt detail',
  'receipt-not-applied':
    'receipts the client acknowledged (deliver_sm_resp), for ids the SMSC answered, settle their message within the receipt bound of the later of their acknowledgment and the end of the faults',
  'stray-receipt-applied': 'a receipt for an id never issued changes no message',
  'money-identity': 'per organization: top-ups = available + held + captured shares; held = shares still held',
  'one-hold': 'one hold per single message (amount = total); campaign messages none, their campaign exactly one',
  'settled-once': "each share settled at most once (a campaign share's capture given back once when the provider fails it), its entries agreeing with its charge",
  'settle-rule': "each share settled by the spec's rule for the status its message ended in",
  'payment-acknowledged': 'each signed paybill notice answered 2xx before the deadline (after retries), never refused with a 4xx',
  'payment-stored': 'a notice answered 2xx has its mobile_money_payments row (stored before it is acknowledged); no Paybill entry without its row',
  'payment-once': 'per aggregator transaction id, however many copies: at most one row, one top_up entry, one answer "credited"',
  'payment-credited': "a notice to an organization's account number credited to it with the amount paid in cents, by exactly one entry (the row's)",
  'payment-unmatched': 'a notice to an account number that names no organization kept unmatched, with no ledger entry',
  'push-answered': 'each push payment answered 2xx before the deadline, one top-up request per idempotency key, its answers naming that stored request',
  'push-once': 'a push payment credited at most once however many callbacks announce it: one payment row, one top_up entry (M-Pesa <transaction id>)',
  'push-credited': "a credited push payment credited with what the simulator paid (flagged when it differs), by the entry its request and row name; a declined one moves no money",
  'inbound-once': 'each message the SMSC sent from a handset stored exactly once by the end (by its reference), whole; none lost, none doubled, none stored that was never sent',
  'inbound-stored-before-ack': 'no deliver_sm of a message from a handset acknowledged before its part (or its message) was stored',
  'inbound-owner': 'each message from a handset stored for the organization owning the number it was sent to (nobody for an unowned number)',
  'inbound-keyword': "a keyword stored as one, and the last stored for a number decides: after STOP or ACHA an active sms_keyword opt-out, after START or ANZA none",
  'opt-out-without-message': "every keyword opt-out (and clearance) of the run's organizations or senders names a stored STOP (START) of its organization and number",
} as const;

export type CheckName = keyof typeof CHECKS;

const EXAMPLES = 3;

export class Violations {
  readonly counts = new Map<CheckName, number>();
  readonly examples = new Map<CheckName, string[]>();

  add(check: CheckName, example: string): void {
    this.counts.set(check, (this.counts.get(check) ?? 0) + 1);
    const list = this.examples.get(check) ?? [];
    if (list.length < EXAMPLES) list.push(example);
    this.examples.set(check, list);
  }

  total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
}
