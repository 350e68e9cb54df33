import { describe, expect, it } from 'vitest';
import { PAY_METHOD, PAYPAL_SENT_ID, VIETQR_PAY_METHOD } from '../contract/booking';
import { paymentWindowsOf, windowOfMethod } from './payment-window';

describe('payment windows', () => {
  it("gives a bank transfer its own window and a card or PayPal payment the card's", () => {
    const windows = paymentWindowsOf({ payment_window_minutes: 5, transfer_window_minutes: 45 });
    expect(windowOfMethod(windows, VIETQR_PAY_METHOD)).toBe(45);
    expect(windowOfMethod(windows, PAY_METHOD.online)).toBe(5);
    expect(windowOfMethod(windows, PAYPAL_SENT_ID)).toBe(5);
  });

  it('reads a transfer window out of bounds or not whole as its default, 30 minutes', () => {
    expect(paymentWindowsOf({ payment_window_minutes: 5, transfer_window_minutes: 0 }).transfer).toBe(30);
    expect(paymentWindowsOf({ payment_window_minutes: 5, transfer_window_minutes: 2.5 }).transfer).toBe(30);
    expect(paymentWindowsOf({ payment_window_minutes: 5, transfer_window_minutes: 5000 }).transfer).toBe(30);
  });
});
