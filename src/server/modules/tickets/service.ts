// The tickets module's face to the other modules: what they may use of it. The proof of a ticket (its type; the
// instance comes from app.ts), the trip state of a row, the ratings that go with tickets, the short name of a rater,
// the partner scores' refresh, the partner console's desk (its type; the instance comes from app.ts), and the reads
// of the tickets table other modules make (service-reads.ts, service-payments.ts). Nothing else in this folder is
// imported from outside it (app.ts builds the module through module.ts).
export type { TicketAccess } from './access';
export type { PartnerDesk, TripMove } from './partner-desk';
export type { TicketRow as PartnerTicketRow } from '../../db/schema';
export { refreshPartnerScores } from './ratings-repository';
export { shortName } from './ratings-service';
export { ticketRatingsOf, tripStateOf } from './trip-state';
// The tickets table as other modules read it (their reads of a ticket, in their own transaction when they need one).
export {
  bookingsPerPartner,
  completedTickets,
  ticketByCode,
  ticketById,
  ticketCodesOf,
  userTickets,
  type BookedSince,
  type TicketExecutor,
  type TicketOwner,
} from './service-reads';
// The operator desk's inbox: tickets near their pick-up whose trip has not started; the partners' refusals.
export { ticketRefusalById, ticketRefusalsAfter, ticketsPickingUpUnstarted } from './desk-reads';
// A partner's statement: its tickets of a period that carry money.
export { statementTickets, type StatementTicketRow } from './statement-reads';
// The desk's numbers: the tickets of a range counted per day of booking, partner and service.
export { cancelledOnline, numbersGroups, type CancelledOnlineRow, type NumbersGroupRow } from './numbers-reads';
// The tickets table as the payments module moves and reads it, in its own transactions.
export {
  changeTicketPayMethod,
  moveTransactionStatus,
  partnerTicketIds,
  ticketPaymentPoll,
  ticketsByCodes,
  timeOutExpiredTickets,
  timeOutTicketIfExpired,
  touchTicket,
  type PaymentWindowSql,
  type TicketChanger,
  type TransactionMove,
} from './service-payments';
