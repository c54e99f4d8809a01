import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_WAIT_SECONDS, accountWaitSeconds } from '../../../server/auth/throttle.js';

describe('accountWaitSeconds: growing delays per account (NIST 800-63B)', () => {
  it('lets a clerk mistype the password three times without waiting', () => {
    expect(ACCOUNT_FREE_FAILURES).toBe(3);
    expect([0, 1, 2].map(accountWaitSeconds)).toEqual([0, 0, 0]);
  });

  it('doubles the wait with every failure after that: 1, 2, 4, 8 … seconds', () => {
    expect([3, 4, 5, 6, 7, 10].map(accountWaitSeconds)).toEqual([1, 2, 4, 8, 16, 128]);
  });

  it('never makes anyone wait more than 15 minutes, however many failures a stranger piled up', () => {
    expect(ACCOUNT_MAX_WAIT_SECONDS).toBe(900);
    expect(accountWaitSeconds(13)).toBe(900);
    expect(accountWaitSeconds(100)).toBe(900);
    expect(accountWaitSeconds(5000)).toBe(900);
  });
});
