// One idempotency key per message being sent: kept while the same form is submitted again, new for a new one.
import { useRef } from 'react';

/** A random UUID; crypto.randomUUID exists only on secure pages, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key for a submission of `content`: the same content submitted again (a retry after a lost answer or a
 * refusal) reuses the key, so the server answers the first send again instead of sending twice; other content
 * gets a new key. `done()` after a success makes the next submission a new message.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; content: string } | null>(null);
  return {
    keyFor(content: unknown): string {
      const fingerprint = JSON.stringify(content);
      if (current.current?.content !== fingerprint) current.current = { key: newIdempotencyKey(), content: fingerprint };
      return current.current.key;
    },
    done(): void {
      current.current = null;
    },
  };
}
