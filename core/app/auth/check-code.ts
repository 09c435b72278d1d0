// What a matched one-time code answers when it cannot be used, and a wrong try counted on the codes still live.
import type { Ctx } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { codeState } from '../../domain/one-time-codes.ts';
import { countWrongTry, type CodeRow } from '../../db/auth/one-time-codes.ts';

const asRecord = (c: CodeRow) => ({ expiresAt: c.expires_at, usedAt: c.used_at, voidedAt: c.voided_at, failedAttempts: c.failed_attempts });

/**
 * Null when the code may be used now, else its refusal. Only someone who typed the right code gets a precise
 * answer: a wrong code never reaches here.
 */
export function checkCode(code: CodeRow, now: Date): DomainError | null {
  switch (codeState(asRecord(code), now)) {
    case 'live':
      return null;
    case 'used':
      return new DomainError('code_used', 'This code was used already; ask for a new one.', { field: 'code' });
    case 'voided':
      return new DomainError('code_voided', 'This code no longer works: it was tried wrongly too often, or a newer code replaced it. Ask for a new one.', { field: 'code' });
    case 'expired':
      return new DomainError('code_expired', 'This code has expired (codes last 15 minutes); ask for a new one.', { field: 'code' });
  }
}

/** The ids of the codes still live among these. */
export function liveCodeIds(codes: readonly CodeRow[], now: Date): string[] {
  return codes.filter((c) => codeState(asRecord(c), now) === 'live').map((c) => c.id);
}

/** One more wrong try on each code still live (the fifth voids it). */
export async function recordWrongCode(ctx: Ctx, codes: readonly CodeRow[]): Promise<void> {
  await countWrongTry(ctx.em, liveCodeIds(codes, ctx.now));
}
