// A created ticket as the create calls answer it (spec 7), and its states as the night calls answer them.
import type { TicketRow } from '../../db/schema';
import { amountsOf, asNightStatus, asTicketStatus, asTransactionStatus } from '../../http/ticket-wire';

/**
 * spec 7 create response, built from the row and its access key alone, so that every submission of one
 * attempt gets the same answer. An online ticket's payment is started with payment/pay_online_request.
 */
export function createAnswer(row: TicketRow, key: string) {
  return {
    data: {
      ticket_code: row.code,
      ticket_key: key,
      transaction_status_id: asTransactionStatus(row.transactionStatusId),
      status: asTicketStatus(row.status),
      amounts: amountsOf(row),
      night_status: asNightStatus(row.nightStatus),
    },
    extra: {
      msg: 'booking.messages.created',
      ticket_code: row.code,
      is_night_booking: row.isNightBooking,
      pay_method_id: row.payMethodId,
    },
  };
}

export function hourlyAnswer(row: TicketRow, key: string) {
  return {
    data: {
      trip_price_inquiry_code: row.code,
      ticket_key: key,
      transaction_status_id: asTransactionStatus(row.transactionStatusId),
      amounts: amountsOf(row),
    },
    extra: { msg: 'booking.messages.hourly_created' },
  };
}

export function ticketState(row: TicketRow) {
  return {
    ticket_code: row.code,
    status: asTicketStatus(row.status),
    transaction_status_id: asTransactionStatus(row.transactionStatusId),
    night_status: asNightStatus(row.nightStatus),
  };
}
