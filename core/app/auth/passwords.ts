// Password hashing with argon2id at OWASP's minimum cost (m=19456 KiB, t=2, p=1), and the one rule a new password meets.
import { hash, verify } from '@node-rs/argon2';
import { DomainError } from '../../domain/errors.ts';
import { passwordScore } from './password-strength.ts';

// The length rule lives with the other inputs the dashboard's forms share.
export { ZPassword } from '../../inputs/auth.ts';

// algorithm 2 is Argon2id (the package's enum is const, which erasable TypeScript cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * zxcvbn's score (0 to 4) a password needs: 4, at least 10^10 guesses by its estimate. Score 3 starts at 10^8,
 * which a word, the year and two symbols reach (Summer2026!!, Ujumbe2026!!: what a guesser tries first);
 * three words that do not belong together reach 4.
 */
export const MIN_PASSWORD_SCORE = 4;

/** What a password is checked against besides the dictionaries: whose it is. */
export interface PasswordOwner {
  email: string;
  name?: string | null | undefined;
  organizationName: string;
}

/**
 * Every password set anywhere (a member created over REST, tRPC, the operator's CLI or the demo seed) passes
 * here, scored by zxcvbn with the member's email (and its local part), name and organization name as user
 * inputs: 422 validation_failed (field password) below MIN_PASSWORD_SCORE, saying why in plain words.
 */
export function assertStrongPassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const { score, why } = passwordScore(password, owner);
  if (score < MIN_PASSWORD_SCORE) {
    throw new DomainError('validation_failed', `${field}: this password is too easy to guess: ${why}.`, { field });
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password with the same parameters, verified against when the email is unknown, so timing does not tell. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword('decoy-password-never-valid');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
