import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUS } from './transaction-status';
import { awaitsPayment } from './trip-state';

describe('awaitsPayment', () => {
  it('holds an online ticket until its payment has succeeded', () => {
    expect(awaitsPayment(true, TRANSACTION_STATUS.processing)).toBe(true);
    expect(awaitsPayment(true, TRANSACTION_STATUS.error)).toBe(true);
    expect(awaitsPayment(true, TRANSACTION_STATUS.success)).toBe(false);
  });

  it('never holds a ticket paid in cash', () => {
    expect(awaitsPayment(false, TRANSACTION_STATUS.processing)).toBe(false);
  });
});
