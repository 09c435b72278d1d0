// One-time codes: six random digits, kept as an HMAC-SHA256 under a salt of their own, compared in constant time.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { CODE_DIGITS, CODE_TTL_MS, type CodePurpose } from '../../domain/one-time-codes.ts';
import { replaceCode } from '../../db/auth/one-time-codes.ts';
import { newId } from '../../db/ids.ts';

function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

function hashCode(salt: Buffer, code: string): Buffer {
  return createHmac('sha256', salt).update(code).digest();
}

/**
 * The code among these whose hash the typed code gives, or undefined. Every one is compared, whatever an earlier
 * one answered, so the time taken tells nothing of which one (if any) matched.
 */
export function matchingCode<T extends { salt: Buffer; code_hash: Buffer }>(codes: readonly T[], typed: string): T | undefined {
  let found: T | undefined;
  for (const code of codes) {
    const given = hashCode(code.salt, typed);
    if (given.length === code.code_hash.length && timingSafeEqual(given, code.code_hash) && found === undefined) found = code;
  }
  return found;
}

export interface CodeFor {
  purpose: CodePurpose;
  memberId: string;
  organizationId: string;
  /** The number a phone check goes to. */
  phone: string | null;
}

/**
 * A new code for the member, in the caller's transaction, voiding the earlier ones of the same purpose. Returns
 * the code itself, which exists from here on only in the message that carries it.
 */
export async function issueCode(ctx: Ctx, target: CodeFor): Promise<{ code: string; expiresAt: Date }> {
  const code = newCode();
  const salt = randomBytes(16);
  const expiresAt = new Date(ctx.now.getTime() + CODE_TTL_MS);
  await replaceCode(ctx.em, { id: newId(), ...target, salt, codeHash: hashCode(salt, code), at: ctx.now, expiresAt });
  return { code, expiresAt };
}

/** How far back codes are read to tell a used or expired code from a wrong one. */
export const CODES_LOOKED_BACK_MS = 24 * 3600_000;
