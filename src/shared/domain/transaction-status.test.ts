import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUS, TRANSACTION_STATUSES } from './transaction-status';

describe('transaction statuses (spec 4)', () => {
  it('are 1 processing, 2 success, 3 error, 4 cancel and 99 timeout', () => {
    expect(TRANSACTION_STATUS).toEqual({ processing: 1, success: 2, error: 3, cancel: 4, timeout: 99 });
  });

  it('lists every status once', () => {
    expect([...TRANSACTION_STATUSES].sort((a, b) => a - b)).toEqual(Object.values(TRANSACTION_STATUS).sort((a, b) => a - b));
  });
});
