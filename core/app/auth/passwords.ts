// Password hashing with argon2id at OWASP's minimum cost (m=19456 KiB, t=2, p=1).
import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';

// algorithm 2 is Argon2id (the package's enum is const, which erasable TypeScript cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const ZPassword = z.string().min(12, 'a password has at least 12 characters').max(200);

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
