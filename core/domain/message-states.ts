// Message status machine as data: which events move a message, and what each move does to its money.

export type MessageStatus =
  | 'accepted'
  | 'submitted'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'unknown'
  | 'cancelled'
  | 'expired';

export type MessageEvent =
  /** The promotional window is closed: the message waits, unsent and uncharged. */
  | 'window_hold'
  | 'submit_accepted'
  | 'submit_refused'
  /** No submit response (timeout, disconnect, or a retried job that may already have sent it). */
  | 'submit_ambiguous'
  | 'receipt_delivered'
  | 'receipt_undelivered'
  | 'receipt_failed'
  /** ttl or campaign validity elapsed before dispatch. */
  | 'expire'
  | 'cancel'
  /** Seven days in unknown without a receipt: the hold goes back, the status stays. */
  | 'hold_timeout';

/** refund: a share already captured goes back to available (a campaign message the provider fails after accepting it). */
export type MoneyEffect = 'capture' | 'release' | 'refund' | 'none';

/** The spec's recipient `charge` values: the state of one message's share of the wallet. */
export type ChargeState = 'held' | 'captured' | 'released';

export const MESSAGE_STATUSES: readonly MessageStatus[] = [
  'accepted',
  'submitted',
  'delivered',
  'undelivered',
  'failed',
  'unknown',
  'cancelled',
  'expired',
];

const RECEIPTS = {
  receipt_delivered: 'delivered',
  receipt_undelivered: 'undelivered',
  receipt_failed: 'failed',
} as const;

export const MESSAGE_TRANSITIONS: Readonly<Record<MessageStatus, Partial<Record<MessageEvent, MessageStatus>>>> = {
  accepted: {
    window_hold: 'accepted',
    submit_accepted: 'submitted',
    submit_refused: 'failed',
    submit_ambiguous: 'unknown',
    expire: 'expired',
    cancel: 'cancelled',
  },
  submitted: { ...RECEIPTS },
  // A late receipt settles an ambiguous message; the service itself never resends it.
  unknown: { ...RECEIPTS, hold_timeout: 'unknown' },
  delivered: {},
  undelivered: {},
  failed: {},
  cancelled: {},
  expired: {},
};

// Money moves with the provider's answer: acceptance charges (an undelivered message was
// still carried by the provider, so it is charged too); refusal, expiry and cancel release.
// From submitted the share is already captured, so receipts change no money.
const MONEY_EFFECTS: Readonly<Record<MessageStatus, Partial<Record<MessageEvent, MoneyEffect>>>> = {
  accepted: { submit_accepted: 'capture', submit_refused: 'release', expire: 'release', cancel: 'release' },
  submitted: {},
  unknown: {
    receipt_delivered: 'capture',
    receipt_undelivered: 'capture',
    receipt_failed: 'release',
    hold_timeout: 'release',
  },
  delivered: {},
  undelivered: {},
  failed: {},
  cancelled: {},
  expired: {},
};

const FINAL: ReadonlySet<MessageStatus> = new Set(['delivered', 'undelivered', 'failed', 'cancelled', 'expired']);

/** submitted and unknown are not final: each still waits for a receipt that may never come. */
export function isFinal(status: MessageStatus): boolean {
  return FINAL.has(status);
}

export function canTransition(status: MessageStatus, event: MessageEvent): boolean {
  return MESSAGE_TRANSITIONS[status]?.[event] !== undefined;
}

/**
 * Callers check canTransition first where an outside event may legitimately arrive late or
 * twice (a repeated receipt): reaching here with a move the table lacks is a bug.
 */
export function transition(status: MessageStatus, event: MessageEvent): MessageStatus {
  const next = MESSAGE_TRANSITIONS[status]?.[event];
  if (next === undefined) throw new Error(`message cannot take event ${event} in status ${status}`);
  return next;
}

// The spec's message table: "any → provider fails it → failed → share released (campaign messages)". A campaign
// message's share was captured when the provider accepted it; a receipt that fails it gives the share back.
const CAMPAIGN_MONEY_EFFECTS: Readonly<Partial<Record<MessageStatus, Partial<Record<MessageEvent, MoneyEffect>>>>> = {
  submitted: { receipt_failed: 'refund' },
};

export function moneyEffect(from: MessageStatus, event: MessageEvent, message: { campaign: boolean } = { campaign: false }): MoneyEffect {
  if (!canTransition(from, event)) throw new Error(`message cannot take event ${event} in status ${from}`);
  return (message.campaign ? CAMPAIGN_MONEY_EFFECTS[from]?.[event] : undefined) ?? MONEY_EFFECTS[from][event] ?? 'none';
}

/**
 * Applies a move's money effect to a share. A held share is captured or released; a captured one is only ever
 * refunded. After hold_timeout the share is already released, so a later receipt settles the status without charging.
 */
export function settleCharge(charge: ChargeState, effect: MoneyEffect): { charge: ChargeState; movement: MoneyEffect } {
  if (charge === 'captured' && effect === 'refund') return { charge: 'released', movement: 'refund' };
  if (charge !== 'held' || effect === 'none' || effect === 'refund') return { charge, movement: 'none' };
  return { charge: effect === 'capture' ? 'captured' : 'released', movement: effect };
}

/**
 * Queued: a live message accepted and not yet handed to a dispatcher, so a tick, a cancel or the window may still
 * move it. Test messages complete at once and are never queued. Twin of message_queued (migration 0024).
 */
export function isQueued(m: { status: MessageStatus; test: boolean; submitStartedAt: Date | null }): boolean {
  return m.status === 'accepted' && !m.test && m.submitStartedAt === null;
}

/** Test-mode outcome by the recipient's last digit: 1 or 2 failed, 8 undelivered, else delivered. */
export function testModeOutcome(to: string): 'delivered' | 'undelivered' | 'failed' {
  const last = to.trim().slice(-1);
  if (last === '1' || last === '2') return 'failed';
  if (last === '8') return 'undelivered';
  return 'delivered';
}

/** The status a newly sent message starts in: live messages wait in accepted, test ones finish at once. */
export function initialStatus(test: boolean, to: string): MessageStatus {
  return test ? testModeOutcome(to) : 'accepted';
}
