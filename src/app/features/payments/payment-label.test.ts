import { describe, expect, it } from 'vitest';
import { PAY_METHOD, TRANSACTION_STATUS, VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import { boardingCodeShown, paymentLabelKey } from './api';

describe("the ticket's payment row", () => {
  it('says a cash-later ticket is paid to the driver, confirmed or not, and not "paid"', () => {
    for (const status of [TRANSACTION_STATUS.processing, TRANSACTION_STATUS.success]) {
      expect(paymentLabelKey({ pay_method_id: PAY_METHOD.postpaid, transaction_status_id: status, paid_on_credit: false })).toBe(
        'ticket.pay_driver',
      );
    }
  });

  it('keeps the cancelled state of a cash-later ticket', () => {
    expect(
      paymentLabelKey({
        pay_method_id: PAY_METHOD.postpaid,
        transaction_status_id: TRANSACTION_STATUS.cancel,
        paid_on_credit: false,
      }),
    ).toBe('ticket.transaction.4');
  });

  it('says a ticket paid from business credit was paid that way', () => {
    expect(
      paymentLabelKey({
        pay_method_id: PAY_METHOD.postpaid,
        transaction_status_id: TRANSACTION_STATUS.success,
        paid_on_credit: true,
      }),
    ).toBe('ticket.paid_on_credit');
  });

  it('says an online payment is paid only once its transaction succeeded', () => {
    const card = { pay_method_id: PAY_METHOD.online, paid_on_credit: false };
    expect(paymentLabelKey({ ...card, transaction_status_id: TRANSACTION_STATUS.success })).toBe('ticket.paid');
    expect(paymentLabelKey({ ...card, transaction_status_id: TRANSACTION_STATUS.processing })).toBe('ticket.transaction.1');
    expect(paymentLabelKey({ ...card, transaction_status_id: TRANSACTION_STATUS.timeout })).toBe('ticket.transaction.99');
  });
});

describe('the ticket awaiting a bank transfer', () => {
  const transfer = { pay_method_id: VIETQR_PAY_METHOD, paid_on_credit: false };

  it('says it waits for the transfer, not that anything is processing, until the money arrives', () => {
    expect(paymentLabelKey({ ...transfer, transaction_status_id: TRANSACTION_STATUS.processing })).toBe(
      'ticket.transfer_waiting',
    );
    expect(paymentLabelKey({ ...transfer, transaction_status_id: TRANSACTION_STATUS.success })).toBe('ticket.paid');
    expect(paymentLabelKey({ ...transfer, transaction_status_id: TRANSACTION_STATUS.timeout })).toBe('ticket.transaction.99');
  });
});

describe('the boarding code', () => {
  it('shows once the ticket is paid, online or from a business credit', () => {
    for (const method of [VIETQR_PAY_METHOD, PAY_METHOD.online, PAY_METHOD.paypal])
      expect(
        boardingCodeShown({ pay_method_id: method, transaction_status_id: TRANSACTION_STATUS.success, paid_on_credit: false }),
      ).toBe(true);
    expect(
      boardingCodeShown({
        pay_method_id: PAY_METHOD.postpaid,
        transaction_status_id: TRANSACTION_STATUS.success,
        paid_on_credit: true,
      }),
    ).toBe(true);
  });

  it('shows for a ticket paid to the driver', () => {
    expect(
      boardingCodeShown({
        pay_method_id: PAY_METHOD.postpaid,
        transaction_status_id: TRANSACTION_STATUS.processing,
        paid_on_credit: false,
      }),
    ).toBe(true);
  });

  it('does not show while an online payment or a transfer is awaited, nor once it failed', () => {
    for (const method of [VIETQR_PAY_METHOD, PAY_METHOD.online])
      for (const status of [TRANSACTION_STATUS.processing, TRANSACTION_STATUS.timeout, TRANSACTION_STATUS.error])
        expect(boardingCodeShown({ pay_method_id: method, transaction_status_id: status, paid_on_credit: false })).toBe(false);
  });
});
