// What became of a ticket's payment: its latest attempt, from the attempt's payments row and whether its
// window is over (the payment check, server payments module), and what the partner console says about it (trips).
import { ONLINE_PAY_METHODS, TRANSACTION_STATUS } from '../contract/booking';
import { ABANDONED_RESPONSE_CODE, NOT_PAID_ATTEMPTS, type PaymentAttempt } from '../contract/payments';
import type { StaffPayment } from '../contract/partners';

/** The latest payment attempt (payments row) as the rule reads it: its status and the gateway's response code. */
export interface LatestAttempt {
  status: string;
  responseCode: string | null;
}

/** What became of the latest attempt, from its row (and whether its window is over). */
export function attemptOf(latest: LatestAttempt | null, expired: boolean): PaymentAttempt {
  if (!latest) return 'none';
  // An attempt voided by a change of method is over unpaid, whether its money never came, came and went back, or came
  // and awaits the operator's refund: it never paid the ticket, which may await a payment by its new method.
  if (['abandoned', 'void', 'refunded', 'paid_after_change'].includes(latest.status)) return 'abandoned';
  if (latest.status === 'paid' || latest.status.startsWith('paid_')) return 'paid';
  if (latest.status === 'failed') return latest.responseCode === ABANDONED_RESPONSE_CODE ? 'abandoned' : 'declined';
  return expired ? 'expired' : 'pending';
}

export interface TicketPaymentFacts {
  payMethodId: number;
  transactionStatusId: number;
  /** The ticket's latest payments row, null before any attempt. */
  latest: LatestAttempt | null;
  /** The payment window (from the latest attempt, or from the booking without one) is over. */
  expired: boolean;
  /** A business credit paid the ticket and did not give it back (get_ticket_info's paid_on_credit). */
  paidOnCredit: boolean;
}

const notPaid = (reason: StaffPayment['reason']): StaffPayment => ({ state: 'not_paid', reason });
const isNotPaid = (attempt: PaymentAttempt): attempt is NonNullable<StaffPayment['reason']> =>
  NOT_PAID_ATTEMPTS.includes(attempt);

/**
 * What the partner is told about a ticket's payment: cash later is paid to the driver (or was paid from a business
 * credit); an online ticket is paid (transaction status 2), awaits a payment still in its window, or is not paid,
 * with why (the latest attempt's end: declined, abandoned, expired).
 */
export function staffPaymentOf(ticket: TicketPaymentFacts): StaffPayment {
  if (!ONLINE_PAY_METHODS.includes(ticket.payMethodId)) return { state: ticket.paidOnCredit ? 'credit' : 'cash', reason: null };
  if (ticket.transactionStatusId === TRANSACTION_STATUS.success) return { state: 'paid', reason: null };
  const attempt = attemptOf(ticket.latest, ticket.expired);
  const reason = isNotPaid(attempt) ? attempt : null;
  switch (ticket.transactionStatusId) {
    // The payment callback refused it (an abandon signed by the gateway ends the same way).
    case TRANSACTION_STATUS.error:
      return notPaid(reason ?? 'declined');
    // The window closed: whatever the passenger did last, or no answer at all.
    case TRANSACTION_STATUS.timeout:
      return notPaid(reason ?? 'expired');
    // Cancelled: paid before it (the refund is Vivu's, not the partner's) or not paid.
    case TRANSACTION_STATUS.cancel:
      return attempt === 'paid' ? { state: 'paid', reason: null } : notPaid(reason);
    default:
      if (attempt === 'paid') return { state: 'paid', reason: null };
      if (reason) return notPaid(reason);
      // No attempt yet: the window runs from the booking (the time-out rule's), as for an attempt.
      return attempt === 'none' && ticket.expired ? notPaid('expired') : { state: 'awaiting', reason: null };
  }
}
