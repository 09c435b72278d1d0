// Secrets shown once and stored as hashes: API keys, session tokens, and the CSRF token bound to a session.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Mode } from '../actor.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_RE = /^ujm_(test|live)_[0-9A-Za-z]{32}$/;

export function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 x 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function newApiKeySecret(mode: Mode): string {
  return `ujm_${mode}_${base62(32)}`;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Signed double-submit token: a random value and its HMAC keyed by the session's own secret token. */
export function newCsrfToken(sessionToken: string, sessionId: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${csrfSignature(sessionToken, sessionId, nonce)}`;
}

function csrfSignature(sessionToken: string, sessionId: string, nonce: string): string {
  return createHmac('sha256', sessionToken).update(`${sessionId}.${nonce}`).digest('base64url');
}

export function csrfTokenValid(sessionToken: string, sessionId: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(csrfSignature(sessionToken, sessionId, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
