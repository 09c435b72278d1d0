// Time-ordered UUIDs (version 7), so keyset paging by id follows creation order.
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

export function newId(): string {
  const bytes = randomBytes(16);
  let ms = Date.now();
  // Within one millisecond a counter in the random bits keeps ids increasing.
  if (ms <= lastMs) {
    ms = lastMs;
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) ms = ++lastMs;
  } else {
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  }
  lastMs = ms;
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
