// The limits of contact imports (SPEC Limits) and the per-process upload slots behind 503 busy.
import { DomainError } from '../../domain/errors.ts';

export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const UPLOADS_PER_DAY = 20;
export const MAX_KEPT_ROWS = 1_000_000;
export const UNPROCESSED_TTL_MS = 24 * 3600_000;
export const RETENTION_MS = 30 * 86_400_000;
/** An upload still uploading after this long died with its process. */
export const STALE_UPLOAD_MS = 3600_000;
/** Uploads parsed at once by one process; more wait for a slot with 503 busy. */
export const UPLOAD_SLOTS = 4;

let inUse = 0;

export function takeUploadSlot(): () => void {
  if (inUse >= UPLOAD_SLOTS) {
    throw new DomainError('busy', 'Too many uploads are being received right now; retry shortly.', { retryAfter: 5 });
  }
  inUse += 1;
  let released = false;
  return () => {
    if (!released) inUse -= 1;
    released = true;
  };
}

export function tooLarge(message: string, line?: number): DomainError {
  return new DomainError('import_too_large', message, { details: line === undefined ? undefined : { line } });
}
