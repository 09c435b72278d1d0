import { describe, expect, it } from 'vitest';
import { LONGEST_WAIT_S, signInWait, signInWaitFor } from '../../core/domain/sign-in-backoff.ts';

describe('signInWait', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [6, 0, 1],
    [7, 0, 2],
    [8, 0, 4],
    [8, 3, 1],
    [8, 4, 0],
    [11, 0, 32],
    [12, 0, LONGEST_WAIT_S],
    [500, 0, LONGEST_WAIT_S],
    [500, 59.5, 0.5],
    [500, 900, 0],
  ])('%i failures, the last %f s ago, 5 free: wait %f s', (failures, since, wait) => {
    expect(signInWait(failures, since, 5)).toBe(wait);
  });
});

describe('signInWaitFor', () => {
  const free = { perEmail: 5, perAddress: 20 };
  const slowedEmail = { failures: 12, since: 0 };
  const slowedAddress = { failures: 30, since: 0 };
  it.each([
    ['an unknown device at an unknown address waits for the email', { email: slowedEmail, address: undefined, device: undefined }, { knownDevice: false, knownAddress: false }, LONGEST_WAIT_S],
    ['a known address skips the email\'s wait', { email: slowedEmail, address: undefined, device: undefined }, { knownDevice: false, knownAddress: true }, 0],
    ['a known address still waits for its own failures', { email: slowedEmail, address: slowedAddress, device: undefined }, { knownDevice: false, knownAddress: true }, LONGEST_WAIT_S],
    ['a known device waits for nobody', { email: slowedEmail, address: slowedAddress, device: { failures: 10, since: 0 } }, { knownDevice: true, knownAddress: false }, 0],
    ['a known device that failed 11 times is a stranger', { email: slowedEmail, address: undefined, device: { failures: 11, since: 0 } }, { knownDevice: true, knownAddress: false }, LONGEST_WAIT_S],
    ['… until its failures are forgotten', { email: { failures: 12, since: 900 }, address: undefined, device: { failures: 11, since: 900 } }, { knownDevice: true, knownAddress: false }, 0],
  ])('%s', (_label, counts, client, wait) => {
    expect(signInWaitFor(counts, client, free)).toBe(wait);
  });
});
