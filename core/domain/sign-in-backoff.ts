// Failed sign-ins slow the next attempt instead of locking anyone out: a few failures are free, then each
// further one makes the next attempt wait twice as long as the last, up to a minute, and a quarter of an
// hour without a failure forgets them. Failures are counted per email, per client address and per known
// device; who has to wait follows OWASP's anti-automation advice (see signInWaitFor).

export const FAILURES_FORGOTTEN_AFTER_S = 15 * 60;
export const LONGEST_WAIT_S = 60;
/** Failures a known device may make (in a quarter of an hour) and stay trusted: a stolen device cookie buys no more. */
export const TRUSTED_DEVICE_FAILURES = 10;

/** Seconds still to wait before the next attempt may be checked (0: go ahead). */
export function signInWait(failures: number, secondsSinceLastFailure: number, freeFailures: number): number {
  if (secondsSinceLastFailure >= FAILURES_FORGOTTEN_AFTER_S || failures <= freeFailures) return 0;
  const wait = Math.min(2 ** (failures - freeFailures - 1), LONGEST_WAIT_S);
  return Math.max(0, wait - secondsSinceLastFailure);
}

/** Recent failures under one key: how many, and seconds since the last. */
export interface FailureCount {
  failures: number;
  since: number;
}

export interface SignInFailures {
  email: FailureCount | undefined;
  address: FailureCount | undefined;
  /** The presented device's, when it is a known device of the email's member. */
  device: FailureCount | undefined;
}

export interface SignInClient {
  /** The device cookie is one a member of the email signed in with before. */
  knownDevice: boolean;
  /** A member of the email signed in from this address before. */
  knownAddress: boolean;
}

/** A known device stays trusted until it fails more than TRUSTED_DEVICE_FAILURES times in a quarter of an hour. */
export function deviceTrusted(device: FailureCount | undefined): boolean {
  return !device || device.since >= FAILURES_FORGOTTEN_AFTER_S || device.failures <= TRUSTED_DEVICE_FAILURES;
}

/**
 * Seconds before this attempt may be checked. A trusted device is never kept waiting: its member's password
 * is checked whoever fails for the email and from wherever (a shared address: an office, a mobile carrier's
 * NAT). Otherwise the address's own failures slow it, and the email's failures slow it unless the member
 * signed in from this address before: failures per account slow unknown devices at unknown addresses only.
 */
export function signInWaitFor(counts: SignInFailures, client: SignInClient, free: { perEmail: number; perAddress: number }): number {
  if (client.knownDevice && deviceTrusted(counts.device)) return 0;
  const waitOf = (c: FailureCount | undefined, n: number) => (c ? signInWait(c.failures, c.since, n) : 0);
  return Math.max(client.knownAddress ? 0 : waitOf(counts.email, free.perEmail), waitOf(counts.address, free.perAddress));
}
