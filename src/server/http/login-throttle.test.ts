import { describe, expect, it } from 'vitest';
import { FREE_LOGIN_TRIES, lockSecondsAfter, MAX_LOGIN_LOCK_SECONDS } from './login-throttle';

describe('the login back-off', () => {
  it('lets 5 tries through, then doubles the lock from 2 s up to 15 minutes', () => {
    expect(FREE_LOGIN_TRIES).toBe(5);
    expect([1, 2, 3, 4].map(lockSecondsAfter)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map(lockSecondsAfter)).toEqual([2, 4, 8, 16]);
    expect(lockSecondsAfter(14)).toBe(MAX_LOGIN_LOCK_SECONDS);
    expect(lockSecondsAfter(1000)).toBe(MAX_LOGIN_LOCK_SECONDS);
  });
});
