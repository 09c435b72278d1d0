// Time-ordered UUIDs (version 7), so keyset paging by id follows creation order.
import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

// Random bits drawn 256 ids at a time, as node's randomUUID caches its own (hot path: several ids a message,
// and one draw a call cost 2% of the service's CPU).
const pool = Buffer.alloc(16 * 256);
let taken = pool.length;

function randomSixteen(): Buffer {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  taken += 16;
  return Buffer.from(pool.subarray(taken - 16, taken));
}

export function newId(): string {
  const bytes = randomSixteen();
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
