// What became of a ticket's latest payment attempt, and what the partner console says about its payment.
import { describe, expect, it } from 'vitest';
import { PAY_METHOD, PAYPAL_SENT_ID, TRANSACTION_STATUS } from '../contract/booking';
import { staffPaymentOf, attemptOf, type TicketPaymentFacts } from './payment-attempt';

const row = (status: string, responseCode: string | null = null) => ({ status, responseCode });

describe('attemptOf', () => {
  it('reads the latest attempt: none, paid (late ones too), abandoned, declined, pending or expired', () => {
    expect(attemptOf(null, true)).toBe('none');
    expect(attemptOf(row('paid'), true)).toBe('paid');
    expect(attemptOf(row('paid_after_timeout'), false)).toBe('paid');
    // Voided by a change of method: over unpaid, its money (if it came) going back.
    for (const status of ['void', 'refunded', 'paid_after_change'])
      expect(attemptOf(row(status, 'COMPLETED'), false)).toBe('abandoned');
    expect(attemptOf(row('abandoned', '24'), false)).toBe('abandoned');
    expect(attemptOf(row('failed', '24'), false)).toBe('abandoned');
    expect(attemptOf(row('failed', '51'), false)).toBe('declined');
    expect(attemptOf(row('pending'), false)).toBe('pending');
    expect(attemptOf(row('pending'), true)).toBe('expired');
  });
});

describe('staffPaymentOf', () => {
  const card = (facts: Partial<TicketPaymentFacts>): TicketPaymentFacts => ({
    payMethodId: PAY_METHOD.online,
    transactionStatusId: TRANSACTION_STATUS.processing,
    latest: null,
    expired: false,
    paidOnCredit: false,
    ...facts,
  });

  it('tells a cash-later ticket to be paid to the driver, unless a business credit paid it', () => {
    const cash = card({ payMethodId: PAY_METHOD.postpaid, transactionStatusId: TRANSACTION_STATUS.success });
    expect(staffPaymentOf(cash)).toEqual({ state: 'cash', reason: null });
    expect(staffPaymentOf({ ...cash, transactionStatusId: TRANSACTION_STATUS.processing })).toEqual({
      state: 'cash',
      reason: null,
    });
    expect(staffPaymentOf({ ...cash, paidOnCredit: true })).toEqual({ state: 'credit', reason: null });
  });

  it('calls an online ticket paid by its transaction status, card or PayPal-style', () => {
    expect(staffPaymentOf(card({ transactionStatusId: TRANSACTION_STATUS.success }))).toEqual({ state: 'paid', reason: null });
    expect(
      staffPaymentOf(card({ payMethodId: PAYPAL_SENT_ID, transactionStatusId: TRANSACTION_STATUS.success, latest: row('paid') })),
    ).toEqual({ state: 'paid', reason: null });
  });

  it('awaits a payment while its window is open, with or without an attempt', () => {
    expect(staffPaymentOf(card({}))).toEqual({ state: 'awaiting', reason: null });
    expect(staffPaymentOf(card({ latest: row('pending') }))).toEqual({ state: 'awaiting', reason: null });
  });

  it('says not paid, and why, once the latest attempt ended without paying', () => {
    const notPaid = (reason: string) => ({ state: 'not_paid', reason });
    expect(staffPaymentOf(card({ latest: row('abandoned', '24') }))).toEqual(notPaid('abandoned'));
    expect(staffPaymentOf(card({ latest: row('pending'), expired: true }))).toEqual(notPaid('expired'));
    // Booked, never sent to the gateway, and the window (from the booking) is over.
    expect(staffPaymentOf(card({ expired: true }))).toEqual(notPaid('expired'));
    expect(staffPaymentOf(card({ transactionStatusId: TRANSACTION_STATUS.error, latest: row('failed', '51') }))).toEqual(
      notPaid('declined'),
    );
    expect(staffPaymentOf(card({ transactionStatusId: TRANSACTION_STATUS.error }))).toEqual(notPaid('declined'));
    expect(staffPaymentOf(card({ transactionStatusId: TRANSACTION_STATUS.timeout, latest: row('pending') }))).toEqual(
      notPaid('expired'),
    );
    // Timed out after the passenger went back from the gateway: the passenger's abandon is the why.
    expect(staffPaymentOf(card({ transactionStatusId: TRANSACTION_STATUS.timeout, latest: row('abandoned', '24') }))).toEqual(
      notPaid('abandoned'),
    );
    // Money that came after the time-out is refunded: the ticket is still not paid.
    expect(
      staffPaymentOf(card({ transactionStatusId: TRANSACTION_STATUS.timeout, latest: row('paid_after_timeout'), expired: true })),
    ).toEqual(notPaid('expired'));
  });

  it('tells a cancelled online ticket by its latest attempt', () => {
    const cancelled = { transactionStatusId: TRANSACTION_STATUS.cancel };
    expect(staffPaymentOf(card({ ...cancelled, latest: row('paid') }))).toEqual({ state: 'paid', reason: null });
    expect(staffPaymentOf(card({ ...cancelled, latest: row('abandoned', '24') }))).toEqual({
      state: 'not_paid',
      reason: 'abandoned',
    });
    expect(staffPaymentOf(card({ ...cancelled }))).toEqual({ state: 'not_paid', reason: null });
  });
});
