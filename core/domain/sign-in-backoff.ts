// Failed sign-ins slow the next attempt instead of locking anyone out: a few failures are free, then each
// further one makes the next attempt wait twice as long as the last, up to a minute, and a quarter of an
// hour without a failure forgets them. A success resets the email's count.

export const FAILURES_FORGOTTEN_AFTER_S = 15 * 60;
export const LONGEST_WAIT_S = 60;

/** Seconds still to wait before the next attempt may be checked (0: go ahead). */
export function signInWait(failures: number, secondsSinceLastFailure: number, freeFailures: number): number {
  if (secondsSinceLastFailure >= FAILURES_FORGOTTEN_AFTER_S || failures <= freeFailures) return 0;
  const wait = Math.min(2 ** (failures - freeFailures - 1), LONGEST_WAIT_S);
  return Math.max(0, wait - secondsSinceLastFailure);
}
