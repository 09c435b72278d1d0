// The password rule (app layer: zxcvbn-ts with the @zxcvbn-ts/language-common dictionaries; no database).
import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, assertStrongPassword } from '../../core/app/auth/passwords.ts';
import { passwordScore, userInputsOf } from '../../core/app/auth/password-strength.ts';

const owner = { email: 'mwenye.duka@demoduka.co.tz', name: 'Juma Mwenye', organizationName: 'Demo Duka' };

describe('the password rule', () => {
  it.each([
    'DemoDuka2026',
    'Ujumbe2026!!',
    'letmeinletmein',
    '12345678901234',
    'mwenye.duka@demoduka.co.tz1',
    'Mwenye.Duka2026',
    'JumaMwenye1990',
    '123qweasdzxc',
    'QAZWSXEDCRFV',
    'leavemealone',
    'sunshine2026!',
    'zzzzzzzzzzzz',
    '121212121212',
    'xyzwxyzwxyzw',
    'Password12345!',
    'Summer2026!!',
    'Tanzania2026!',
  ])('refuses %j for a member of Demo Duka', (p) => {
    expect(passwordScore(p, owner).score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(() => assertStrongPassword(p, owner)).toThrow(/^password: this password is too easy to guess: /);
  });

  it.each(['correct horse battery staple', 'Passw0rd-owner-1-long', 'Cf-0123456789ab-Zz9!', 'Mbuzi wa Kilimanjaro 7', 'mvua ya jioni ilinyesha kwa nguvu'])('accepts %j', (p) => {
    expect(passwordScore(p, owner).score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(() => assertStrongPassword(p, owner)).not.toThrow();
  });

  it('says why in plain words, never as zxcvbn keys', () => {
    expect(passwordScore('DemoDuka2026', owner).why).toContain("organization name");
    expect(passwordScore('letmeinletmein', owner).why).not.toMatch(/\b(userInputs|extendedRepeat|topHundred|anotherWord)\b/);
  });

  it('user inputs: the email whole and its local part, the name and the organization name, joined and word by word', () => {
    expect(userInputsOf(owner)).toEqual(expect.arrayContaining(['mwenye.duka@demoduka.co.tz', 'mwenye.duka', 'mwenyeduka', 'demoduka', 'demo', 'duka', 'juma', 'mwenye', 'ujumbe']));
  });
});
