// A message's failure_reason: the text the service stores (written here, by every path that fails a message), the
// code that text is read as, and the code's plain sentence in English and Kiswahili.
import { commandStatusName } from './smpp-status.ts';
import { generalSentence, RECEIPT_ERROR_SENTENCES, RECEIPT_STAT_SENTENCES, SERVICE_SENTENCES, SUBMIT_SENTENCES, type Sentence } from './failure-sentences.ts';

/** The stored reasons of the service's own failures, by their code. */
export const SERVICE_FAILURE_REASONS = {
  expired: 'the message expired before it could be sent',
  campaign_cancelled: 'the campaign was cancelled',
  cancelled: 'the message was cancelled before it was sent',
  campaign_expired: 'the campaign expired before the message could be sent',
  test_failed: 'test mode: numbers ending in 1 or 2 fail',
  test_undelivered: 'test mode: numbers ending in 8 are undelivered',
} as const;

const SUBMIT_REFUSED = 'SMSC refused submit_sm with ';
const NOT_SENT = 'could not be sent: ';
const NOT_RECALLED = 'cannot be recalled';

/** An SMSC's refusal of a submit_sm (of one part of several when `which` says so). */
export function submitRefusedReason(commandStatus: number, which = ''): string {
  return `${which}${SUBMIT_REFUSED}${commandStatusName(commandStatus)}`;
}

/** A later part that could not be written after earlier parts went. */
export function partlySentReason(which: string, why: string, partsSent: number): string {
  return `${which}${why}; the ${partsSent === 1 ? 'part' : `${partsSent} parts`} before it went and ${NOT_RECALLED}`;
}

/** A message the dispatcher failed before anything was written (its body could not be encoded, say). */
export function notSentReason(why: string): string {
  return `${NOT_SENT}${why}`;
}

/** A receipt that failed or undelivered the message: its stat, and its err when it has one. */
export function receiptFailureReason(rawStatus: string, errorCode: string | null): string {
  return `${rawStatus}${errorCode ? ` (error ${errorCode})` : ''}`;
}

export interface FailureExplanation {
  /** What the SMSC or the service said: a command_status name, a receipt's stat (and err), or our own code. */
  code: string;
  en: string;
  sw: string;
}

const RECEIPT = /^([A-Za-z]+)(?: \(error (.+)\))?$/;
const SERVICE_CODES = new Map<string, string>(Object.entries(SERVICE_FAILURE_REASONS).map(([code, text]) => [text, code]));

/** A receipt err as a number written without leading zeros (err:001 is 1), or the err as written. */
function errNumber(err: string): string {
  return /^\d+$/.test(err) ? String(Number(err)) : err;
}

function explained(code: string, sentence: Sentence | undefined): FailureExplanation {
  return { code, ...(sentence ?? generalSentence(code)) };
}

/**
 * The plain words for a stored failure_reason, or null when there is none. A code the tables do not hold gets the
 * general sentence naming it; text in no form the service writes is explained as `unexplained`.
 */
export function explainFailure(reason: string | null): FailureExplanation | null {
  if (reason === null || reason === '') return null;
  const service = SERVICE_CODES.get(reason);
  if (service) return explained(service, SERVICE_SENTENCES[service]);
  if (reason.endsWith(NOT_RECALLED)) return explained('partly_sent', SERVICE_SENTENCES['partly_sent']);
  const refused = reason.indexOf(SUBMIT_REFUSED);
  if (refused >= 0) {
    const name = reason.slice(refused + SUBMIT_REFUSED.length).trim();
    return explained(name, SUBMIT_SENTENCES[name]);
  }
  if (reason.startsWith(NOT_SENT)) return explained('not_sent', SERVICE_SENTENCES['not_sent']);
  const receipt = RECEIPT.exec(reason);
  if (receipt) {
    const stat = receipt[1]!.toUpperCase();
    const err = receipt[2] === undefined ? null : errNumber(receipt[2]);
    const code = err === null ? stat : `${stat} err ${err}`;
    const sentence = (err === null ? undefined : RECEIPT_ERROR_SENTENCES[err]) ?? RECEIPT_STAT_SENTENCES[stat];
    return explained(code, sentence);
  }
  return explained('unexplained', SERVICE_SENTENCES['unexplained']);
}
