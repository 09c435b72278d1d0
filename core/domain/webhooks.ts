// Webhook rules without I/O (DESIGN.md 5, Standard Webhooks): event types, the retry schedule, what an answer
// means and which addresses a delivery may reach. Signing is in core/app/webhooks/signature.ts.

export const EVENT_TYPES = [
  'message.submitted',
  'message.delivered',
  'message.undelivered',
  'message.failed',
  'message.unknown',
  'message.expired',
  'message.cancelled',
  'campaign.scheduled',
  'campaign.sending',
  'campaign.completed',
  'campaign.cancelled',
  'contact_import.completed',
  'contact_import.failed',
  'wallet.low_balance',
  'opt_out.recorded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Waits before the retries after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A wait is moved by up to this share either way, so that a receiver's outage does not return as a wave. */
export const RETRY_JITTER = 0.1;
/** A Retry-After longer than the longest wait is taken as that wait. */
const MAX_RETRY_AFTER_MS = 36_000_000;

/**
 * When the attempt after `attemptsMade` failed attempts goes, or null when none is left. `random` is in
 * [0, 1); a Retry-After (429 and 503) is honoured when it asks for longer than the schedule.
 */
export function nextAttemptAt(now: Date, attemptsMade: number, random: number, retryAfterMs: number | null = null): Date | null {
  if (attemptsMade >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[attemptsMade - 1]!;
  const wait = Math.round(base * (1 + RETRY_JITTER * (2 * random - 1)));
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  return new Date(now.getTime() + Math.max(wait, asked));
}

/** A Retry-After header in milliseconds (seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** What an answer means for the delivery. */
export function outcomeOf(status: number): 'delivered' | 'gone' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return 'retry';
}

/** An endpoint failing without a success this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** How long the old secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;
export const MAX_ENDPOINTS = 20;
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** Of a receiver's answer, the attempt keeps at most this many bytes. */
export const RESPONSE_SNIPPET_BYTES = 1024;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** 4 or 6 for an address literal (IPv6 without brackets or zone), 0 for anything else. */
function ipKind(ip: string): 0 | 4 | 6 {
  const v4 = IPV4.exec(ip);
  if (v4) return v4.slice(1).every((p) => Number(p) <= 255) ? 4 : 0;
  return /^[0-9a-f:.]+$/i.test(ip) && ip.includes(':') ? 6 : 0;
}

function ipv4Parts(ip: string): number[] {
  return ip.split('.').map(Number);
}

function ipv4Blocked(ip: string): boolean {
  const [a, b] = ipv4Parts(ip) as [number, number, number, number];
  return (
    a === 0 || // this network
    a === 10 || // private
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, cloud metadata (169.254.169.254)
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 168) || // private
    (a === 192 && b === 0 && ipv4Parts(ip)[2] === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address, if it is one. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:0*:)*(?:::)?(?:0*:)*(?:ffff:)?((?:\d{1,3}\.){3}\d{1,3})$/i.exec(ip);
  return m ? m[1]! : null;
}

function ipv6Blocked(ip: string): boolean {
  const lower = ip.toLowerCase();
  const v4 = embeddedIpv4(lower);
  if (v4) return ipv4Blocked(v4);
  if (lower === '::' || lower === '::1') return true;
  const first = parseInt(lower.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local (fc00::/7), AWS metadata fd00:ec2::254
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 || // multicast
    lower.startsWith('64:ff9b:') || // NAT64 reaches IPv4 addresses
    lower.startsWith('2001:db8:') // documentation
  );
}

/**
 * Whether a delivery may reach this address outside development: not loopback, private, link-local,
 * CGNAT, cloud metadata, multicast or reserved.
 */
export function isPublicAddress(ip: string): boolean {
  const kind = ipKind(ip);
  if (kind === 4) return !ipv4Blocked(ip);
  if (kind === 6) return !ipv6Blocked(ip);
  return false;
}

export function isLoopback(ip: string): boolean {
  const kind = ipKind(ip);
  if (kind === 4) return ip.startsWith('127.');
  const v4 = kind === 6 ? embeddedIpv4(ip.toLowerCase()) : null;
  return kind === 6 && (ip === '::1' || (v4 !== null && v4.startsWith('127.')));
}
