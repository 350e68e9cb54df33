// What the ticket says about its payment (spec 3, 4): a cash-later ticket is paid to the driver, whatever its
// booking's transaction says (the transaction is the booking being confirmed, not money received); a ticket paid
// from a business partner's credit says so; an online payment shows its transaction state.
import { PAY_METHOD, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { type TicketInfo } from '../../../shared/contract/tickets';

/** The message key (ticket.*) of the ticket's payment row. */
export function paymentLabelKey(ticket: Pick<TicketInfo, 'pay_method_id' | 'transaction_status_id' | 'paid_on_credit'>): string {
  if (ticket.paid_on_credit) return 'ticket.paid_on_credit';
  const live =
    ticket.transaction_status_id === TRANSACTION_STATUS.processing || ticket.transaction_status_id === TRANSACTION_STATUS.success;
  if (ticket.pay_method_id === PAY_METHOD.postpaid && live) return 'ticket.pay_driver';
  if (ticket.transaction_status_id === TRANSACTION_STATUS.success) return 'ticket.paid';
  return `ticket.transaction.${ticket.transaction_status_id}`;
}
