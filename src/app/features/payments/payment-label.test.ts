import { describe, expect, it } from 'vitest';
import { PAY_METHOD, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { paymentLabelKey } from './api';

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
