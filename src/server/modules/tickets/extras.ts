// What get_ticket_info shows beside the ticket's row: its driver and car (the partners module's), its rating, whether
// a business credit pays it (the business module's) and what became of its booking-received messages. The four are
// read at once, each in one query.
import type { Db } from '../../db/client';
import { messageStatuses } from '../../outbox/rows';
import type { AssignedDrivers, DriverPositionOf, TicketCreditBook } from './ports';
import { ticketRatingsOf } from './trip-state';

export function createTripExtras(
  db: Db,
  ports: { drivers: AssignedDrivers; credit: Pick<TicketCreditBook, 'keptOnCredit'>; driverPosition?: DriverPositionOf },
) {
  /** The driver, car and rating of a ticket, and whether a business credit pays it (get_ticket_info). */
  return async function tripExtras(ticketId: number) {
    const [driversOf, ratingsOf, kept, sent, position] = await Promise.all([
      ports.drivers([ticketId]),
      ticketRatingsOf(db, [ticketId]),
      ports.credit.keptOnCredit([ticketId]),
      messageStatuses(db, ticketId, 'booking_received'),
      ports.driverPosition?.(ticketId),
    ]);
    return {
      driver: driversOf.get(ticketId) ?? null,
      rating: ratingsOf.get(ticketId) ?? null,
      // Debited for it (at booking or later with pay_on_credit) and not given back by a cancellation.
      paidOnCredit: kept.has(ticketId),
      // What became of the booking-received messages, per channel.
      messages: sent,
      // The driver's latest shared position (the view shows it only while on the way and fresh).
      position: position ?? null,
    };
  };
}

export type TripExtras = ReturnType<typeof createTripExtras>;
