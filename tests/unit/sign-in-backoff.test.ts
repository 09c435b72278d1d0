import { describe, expect, it } from 'vitest';
import { LONGEST_WAIT_S, signInWait } from '../../core/domain/sign-in-backoff.ts';

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
