// Password hashing with argon2id at OWASP's minimum cost (m=19456 KiB, t=2, p=1).
import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';
import { dictionary } from '@zxcvbn-ts/language-common';

// algorithm 2 is Argon2id (the package's enum is const, which erasable TypeScript cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// The 49,000 most common passwords of @zxcvbn-ts/language-common (maintained with the zxcvbn-ts estimator),
// compared in lower case.
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * Why a password is too easy to guess, or null: a common one, a common one with digits or symbols
 * appended, or a short run repeated (aaaaaaaaaaaa, abcabcabcabc, 121212121212).
 */
export function weakPassword(password: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'this password is among the most common ones';
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  if (stem.length >= 4 && COMMON.has(stem)) return 'this password is a common one with digits or symbols added';
  if (/^(.{1,4})\1+$/su.test(lower)) return 'this password repeats a few characters';
  return null;
}

export const ZPassword = z
  .string()
  .min(12, 'a password has at least 12 characters')
  .max(200)
  .superRefine((password, ctx) => {
    const weak = weakPassword(password);
    if (weak) ctx.addIssue({ code: 'custom', message: `${weak}; choose another` });
  });

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, verified against when the email is unknown, so timing does not tell. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword('decoy-password-never-valid');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
