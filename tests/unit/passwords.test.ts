// The common-password check (app layer: it reads the @zxcvbn-ts/language-common list; no database).
import { describe, expect, it } from 'vitest';
import { weakPassword } from '../../core/app/auth/passwords.ts';

describe('weakPassword', () => {
  it.each(['123qweasdzxc', 'QAZWSXEDCRFV', 'leavemealone', 'sunshine2026!', 'dragon-1234567', 'zzzzzzzzzzzz', '121212121212', 'xyzwxyzwxyzw'])('refuses %j', (p) => {
    expect(weakPassword(p)).not.toBeNull();
  });
  it.each(['correct horse battery', 'Passw0rd-owner-1-long', 'Cf-0123456789ab-Zz9!', 'Mbuzi wa Kilimanjaro 7', 'abcabcabcabcx'])('accepts %j', (p) => {
    expect(weakPassword(p)).toBeNull();
  });
});
