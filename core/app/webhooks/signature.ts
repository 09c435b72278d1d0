// Standard Webhooks signatures: `whsec_` secrets and `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Random bytes of a new signing secret (Standard Webhooks: 24 to 64). */
export const SECRET_BYTES = 32;

/** The key bytes of a `whsec_` secret: the base64 after the prefix. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

export function secretOf(bytes: Buffer): string {
  if (bytes.length < 24 || bytes.length > 64) throw new Error('a webhook secret has 24 to 64 bytes');
  return SECRET_PREFIX + bytes.toString('base64');
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
export function sign(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret in use (two during a rotation's grace). */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => sign(s, webhookId, timestampSeconds, body)).join(' ');
}

/** Whether any signature of a header is secret's over this message (constant time per signature). */
export function verifies(secret: string, header: string, webhookId: string, timestampSeconds: number, body: string): boolean {
  const expected = Buffer.from(sign(secret, webhookId, timestampSeconds, body));
  return header.split(' ').some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A new signing secret, shown once. */
export function newSecret(): string {
  return secretOf(randomBytes(SECRET_BYTES));
}
