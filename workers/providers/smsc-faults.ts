// Faults the SMSC simulator injects on request, set at start or while it runs: what a real SMSC does on a bad day.
import { STATUS } from './smpp-wire.ts';
import type { SimulatedOutcome } from './smsc-outcomes.ts';

/** Statuses only the simulator's faults answer with, so the client's table of names (smpp-wire.ts) lacks them. */
export const ESME_RSYSERR = 0x08;
export const ESME_RBINDFAIL = 0x0d;

export interface SmscFaults {
  /**
   * Cut every link (no unbind) on the Nth submit_sm counted from when these faults were set, and again every N
   * after: that submit, accepted but never answered, and any other still waiting for its answer become ambiguous.
   */
  dropAfter?: number;
  /** An outage: every link is cut when set, and binds are refused (ESME_RBINDFAIL) while it lasts. */
  down?: boolean;
  /**
   * Scripted: just after answering the first part of a concatenated message, an outage of this many ms (as `down`),
   * so that its later parts find no link; again at the next first part once the outage is over.
   */
  outageAfterFirstPartMs?: number;
  /** Every submit_sm is answered ESME_RTHROTTLED while set. */
  throttle?: boolean;
  /** This fraction of submits is refused with an error status, ESME_RSUBMITFAIL or ESME_RSYSERR in turn. */
  errorFraction?: number;
  /** This fraction of accepted submits is answered only after lateMs (past the client's timeout); receipts follow the answer. */
  lateFraction?: number;
  lateMs?: number;
  /** This fraction of accepted submits has its receipts sent before its submit_sm_resp. */
  receiptFirstFraction?: number;
  /** This fraction of receipts goes out twice. */
  duplicateReceiptFraction?: number;
  /** A DELIVRD receipt for an id never issued goes out this often (ms), naming a handset recently sent to. */
  strayReceiptEveryMs?: number;
  /** Each receipt goes out on a random receiving link of the account, not the one its submit came on. */
  receiptsOnAnyLink?: boolean;
  /** Each answer waits a random time below this (ms), so that submits are outstanding when a drop comes. */
  answerJitterMs?: number;
}

/** Which fault shaped a submit, as the simulator records it. */
export type SubmitFault = 'throttle' | 'error' | 'late' | 'receipt-first' | 'drop' | 'outage-after-part';

/**
 * What becomes of one submit_sm. `fault` says whether a fault chose it (a throttle by throttleFirst, a refusal or
 * silence by the number's own last digits, are the simulator's ordinary behaviour).
 */
export type SubmitPlan =
  | { kind: 'throttle'; fault: boolean }
  | { kind: 'refuse'; status: number; fault: boolean }
  | { kind: 'silent' }
  /** Taken in with an id, never answered: every link is cut. */
  | { kind: 'drop' }
  | { kind: 'accept'; answerAfterMs: number; fault: 'late' | 'receipt-first' | null };

/** Receipts wait this long behind a receipt-first answer: time for the receipt to reach the client first. */
const AFTER_RECEIPT_MS = 30;
const DEFAULT_LATE_MS = 3_000;

export interface SubmitState {
  /** What the number's last digits choose (smsc-outcomes.ts). */
  byNumber: SimulatedOutcome;
  /** The throttleFirst option still has submits to throttle. */
  throttleFirst: boolean;
  /** This submit is the one the drop fault cuts the links at. */
  dropHere: boolean;
  /** Error statuses answered so far: the faults alternate ESME_RSUBMITFAIL and ESME_RSYSERR. */
  errorsSoFar: number;
}

/** The plan for one submit_sm, by the number, the faults in force and the seeded random. */
export function planSubmit(state: SubmitState, faults: SmscFaults, random: () => number): SubmitPlan {
  if (state.throttleFirst) return { kind: 'throttle', fault: false };
  if (faults.throttle) return { kind: 'throttle', fault: true };
  if (state.byNumber === 'silent') return { kind: 'silent' };
  if (state.byNumber === 'refuse') return { kind: 'refuse', status: STATUS.ESME_RSUBMITFAIL, fault: false };
  if (state.dropHere) return { kind: 'drop' };
  if (faults.errorFraction && random() < faults.errorFraction) {
    return { kind: 'refuse', status: state.errorsSoFar % 2 === 0 ? STATUS.ESME_RSUBMITFAIL : ESME_RSYSERR, fault: true };
  }
  const jitter = faults.answerJitterMs ? Math.floor(random() * faults.answerJitterMs) : 0;
  if (faults.lateFraction && random() < faults.lateFraction) {
    return { kind: 'accept', answerAfterMs: jitter + (faults.lateMs ?? DEFAULT_LATE_MS), fault: 'late' };
  }
  if (faults.receiptFirstFraction && random() < faults.receiptFirstFraction) {
    return { kind: 'accept', answerAfterMs: jitter + AFTER_RECEIPT_MS, fault: 'receipt-first' };
  }
  return { kind: 'accept', answerAfterMs: jitter, fault: null };
}

/** The fault a plan records, if a fault chose it. */
export function faultOf(plan: SubmitPlan): SubmitFault | null {
  switch (plan.kind) {
    case 'throttle':
      return plan.fault ? 'throttle' : null;
    case 'refuse':
      return plan.fault ? 'error' : null;
    case 'drop':
      return 'drop';
    case 'accept':
      return plan.fault;
    default:
      return null;
  }
}

/** Whether this receipt is sent a second time. */
export function sendTwice(faults: SmscFaults, random: () => number): boolean {
  return !!faults.duplicateReceiptFraction && random() < faults.duplicateReceiptFraction;
}

/** One of the links, chosen by the seeded random. */
export function pickOne<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/**
 * Ids of stray receipts: far above any id the simulator hands out (its counter starts below 2^47), so no form of
 * one (hex or decimal) is the id of a real submit.
 */
export function strayId(n: number): number {
  return 2 ** 50 + n;
}
