// A ticket's status label, read from its trip state (the state its timeline shows), so that a ticket never
// says "Pending" above "Driver assigned". Shared by the ticket page's timeline (features/tickets/trip-steps.ts) and the
// home page's saved tickets, which must not load the ticket page's code (nor the trips contract).

/**
 * spec 4's transaction statuses error (3) and timeout (99), written out: the booking contract (and yup with it) must
 * not load with the home page for two numbers (status-label.test.ts holds them to the contract's).
 */
export const NOT_PAID_TRANSACTIONS: readonly number[] = [3, 99];

/** The label key of a trip state; an online payment that failed or ran out says "not paid". */
export function labelKeyOf(state: string, transactionStatusId: number): string {
  if (state === 'awaiting_payment' && NOT_PAID_TRANSACTIONS.includes(transactionStatusId)) return 'ticket.trip.labels.not_paid';
  return `ticket.trip.labels.${state}`;
}

/** A saved copy's label: its trip state's, or for a copy saved before trip states (no state) the spec 4 status's. */
export function savedStatusKey(ticket: { trip_state?: string; status: number; transaction_status_id: number }): string {
  return ticket.trip_state ? labelKeyOf(ticket.trip_state, ticket.transaction_status_id) : `ticket.statuses.${ticket.status}`;
}
