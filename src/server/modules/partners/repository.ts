// SQL of the partner console: the partners' staff and their sessions, a partner's tickets, fleet and assignments, and
// the one conditional UPDATE that moves a ticket's trip state together with the trip_events row that records it (and,
// for a refusal, the refund and member balance it owes), in one transaction.
import { and, asc, desc, eq, getTableName, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  drivers,
  partnerCars,
  partnerSessions,
  partnerStaff,
  payments,
  ticketAssignments,
  tickets,
  tripEvents,
} from '../../db/schema';
import { businessCreditEntries } from '../../db/schema';
import type { TicketPaymentFacts } from '../../../shared/domain/payment-attempt';
import { VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import type { TripActor, TripState } from '../../../shared/contract/tickets';
import type { MessageEvent } from '../../outbox/events';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { assignedDrivers, hasAssignment, partnerStaffOnline, ticketRatingsOf, type SettleCancellation } from '../tickets/service';

export type StaffRow = typeof partnerStaff.$inferSelect;
export type PartnerTicketRow = typeof tickets.$inferSelect;

export interface StaffWithPartner {
  staff: StaffRow;
  partnerName: string;
}

export interface TransitionWrite {
  ticketId: number;
  partnerId: number | null;
  /** trip_state as read (the UPDATE changes the ticket only if it still holds it). */
  storedFrom: string;
  /** The state the machine moved from (tripStateOf), recorded in the history. */
  from: TripState;
  to: TripState;
  status: number;
  /** null keeps the transaction status. */
  transactionStatusId: number | null;
  actor: TripActor;
  actorId: number | null;
  reason: string;
  at: Date;
  /** Other columns the move sets (the night flow's answer, the cancellation time). */
  extra?: Partial<typeof tickets.$inferInsert>;
  /** A refusal settles what the ticket owes (refund, member balance), as a cancellation does, and tells it. */
  settle?: 'partner_refused';
  /** What the move tells the passenger, written with it; a settled refusal tells its own. */
  message?: MessageEvent;
}

/** A session's last-seen time is written at most this often (seconds), so a polling console writes rarely. */
export const SEEN_EVERY_SECONDS = 30;

/**
 * `messages`: the outbox writer: each move's and assignment's messages are written in its transaction;
 * `settleCancellation`: the tickets module's, what a refused ticket owes (its refund, balances and messages).
 */
export function createPartnersRepository(db: Db, settleCancellation: SettleCancellation, messages: MessageWriter = NO_MESSAGES) {
  return {
    /** The staff member of a phone (the phone is unique), whatever the state of their partner. */
    async staffByPhone(phone: string): Promise<StaffRow | undefined> {
      const [row] = await db.select().from(partnerStaff).where(eq(partnerStaff.phone, phone)).limit(1);
      return row;
    },

    async createSession(staffId: number, tokenHash: string, at: Date): Promise<void> {
      await db.insert(partnerSessions).values({ staffId, tokenHash, createdAt: at });
    },

    /** The staff member of a live session (not revoked, begun after `since`), and when the session was last seen. */
    async staffBySession(tokenHash: string, since: Date): Promise<{ staff: StaffRow; lastSeenAt: Date | null } | undefined> {
      const [row] = await db
        .select({ staff: partnerStaff, lastSeenAt: partnerSessions.lastSeenAt })
        .from(partnerSessions)
        .innerJoin(partnerStaff, eq(partnerStaff.id, partnerSessions.staffId))
        .where(
          and(eq(partnerSessions.tokenHash, tokenHash), isNull(partnerSessions.revokedAt), gt(partnerSessions.createdAt, since)),
        )
        .limit(1);
      return row;
    },

    /** One page of the partner's tickets, newest first, and whether another page follows. */
    async partnerTickets(partnerId: number, page: number, size: number, states: TripState[] = []) {
      const where: SQL[] = [eq(tickets.partnerId, partnerId)];
      if (states.length) where.push(inArray(tickets.tripState, states));
      const rows = await db
        .select()
        .from(tickets)
        .where(and(...where))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      return { rows: rows.slice(0, size), more: rows.length > size };
    },

    /** The partner's ticket by code; another partner's ticket is not found, like an unknown code. */
    async partnerTicket(partnerId: number, code: string): Promise<PartnerTicketRow | undefined> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.code, code), eq(tickets.partnerId, partnerId)))
        .limit(1);
      return row;
    },

    /**
     * The conditional UPDATE (only a ticket still in `from`, of this partner when one is given, changes: of two
     * racing calls one wins) and its trip_events row, in one transaction. Null when the UPDATE changed nothing.
     */
    async transition(write: TransitionWrite): Promise<PartnerTicketRow | null> {
      const moved = await db.transaction(async (tx) => {
        const where: SQL[] = [eq(tickets.id, write.ticketId), eq(tickets.tripState, write.storedFrom)];
        if (write.partnerId !== null) where.push(eq(tickets.partnerId, write.partnerId));
        const [row] = await tx
          .update(tickets)
          .set({
            tripState: write.to,
            status: write.status,
            ...(write.transactionStatusId !== null ? { transactionStatusId: write.transactionStatusId } : {}),
            ...write.extra,
            updatedAt: write.at,
          })
          .where(and(...where))
          .returning();
        if (!row) return null;
        await tx.insert(tripEvents).values({
          ticketId: write.ticketId,
          fromState: write.from,
          toState: write.to,
          actor: write.actor,
          actorId: write.actorId,
          reason: write.reason,
          at: write.at,
        });
        if (write.settle) await settleCancellation(tx, row, write.at, write.settle);
        else if (write.message) await messages.write(tx, write.message, row, { cancelledAt: row.cancelledAt ?? undefined });
        return row;
      });
      if (moved) messages.wake();
      return moved;
    },

    /** Marks the session seen. */
    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db
        .update(partnerSessions)
        .set({ lastSeenAt: at })
        .where(and(eq(partnerSessions.tokenHash, tokenHash), isNull(partnerSessions.revokedAt)));
    },

    async revokeSession(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(partnerSessions)
        .set({ revokedAt: at })
        .where(and(eq(partnerSessions.tokenHash, tokenHash), isNull(partnerSessions.revokedAt)))
        .returning({ id: partnerSessions.id });
      return rows.length > 0;
    },

    /** The partner's active drivers and cars. */
    async fleet(partnerId: number) {
      const [driverRows, carRows] = await Promise.all([
        db
          .select()
          .from(drivers)
          .where(and(eq(drivers.partnerId, partnerId), eq(drivers.active, true)))
          .orderBy(asc(drivers.fullname), asc(drivers.id)),
        db
          .select()
          .from(partnerCars)
          .where(and(eq(partnerCars.partnerId, partnerId), eq(partnerCars.active, true)))
          .orderBy(asc(partnerCars.vehicleTypeId), asc(partnerCars.plate)),
      ]);
      return { drivers: driverRows, cars: carRows };
    },

    /** Every active driver's full name (the random names list shortens and samples them). */
    async activeDriverNames(): Promise<string[]> {
      const rows = await db.select({ fullname: drivers.fullname }).from(drivers).where(eq(drivers.active, true));
      return rows.map((row) => row.fullname);
    },

    /**
     * What the payment line of each of `ticketIds` needs, in one query: the latest payment attempt, whether
     * its window is over by the database's clock (the time-out rule's: from the latest attempt, else the booking), and
     * whether a business credit paid the ticket and kept it (debited, not refunded: get_ticket_info's rule).
     */
    async paymentFacts(
      ticketIds: number[],
      windowMinutes: number,
      /** A bank transfer's window (default: the same). */
      transferMinutes: number = windowMinutes,
    ): Promise<Map<number, Pick<TicketPaymentFacts, 'latest' | 'expired' | 'paidOnCredit'>>> {
      if (!ticketIds.length) return new Map();
      // Qualified by hand: in a select list Drizzle writes a column without its table, and a bare "id" inside a
      // subquery would be the payment's.
      const ticketId = sql`${sql.identifier(getTableName(tickets))}.${sql.identifier(tickets.id.name)}`;
      const latest = (column: typeof payments.status | typeof payments.responseCode) =>
        sql<
          string | null
        >`(select ${column} from ${payments} where ${payments.ticketId} = ${ticketId} order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`;
      const startedAt = sql`(select max(${payments.createdAt}) from ${payments} where ${payments.ticketId} = ${ticketId})`;
      const credit = (kind: 'booking' | 'refund') =>
        sql`exists (select 1 from ${businessCreditEntries} where ${businessCreditEntries.ticketId} = ${ticketId} and ${businessCreditEntries.kind} = ${kind})`;
      const rows = await db
        .select({
          id: tickets.id,
          latestStatus: latest(payments.status),
          latestCode: latest(payments.responseCode),
          expired:
            sql<boolean>`coalesce(${startedAt}, ${tickets.createdAt}) + make_interval(mins => (case when ${tickets.payMethodId} = ${VIETQR_PAY_METHOD} then ${transferMinutes}::int else ${windowMinutes}::int end)) <= now()`.mapWith(
              Boolean,
            ),
          paidOnCredit: sql<boolean>`(${credit('booking')} and not ${credit('refund')})`.mapWith(Boolean),
        })
        .from(tickets)
        .where(inArray(tickets.id, ticketIds));
      return new Map(
        rows.map((row) => [
          row.id,
          {
            latest: row.latestStatus === null ? null : { status: row.latestStatus, responseCode: row.latestCode },
            expired: row.expired,
            paidOnCredit: row.paidOnCredit,
          },
        ]),
      );
    },

    assignedDrivers: (ticketIds: number[]) => assignedDrivers(db, ticketIds),
    ratings: (ticketIds: number[]) => ticketRatingsOf(db, ticketIds),
    hasAssignment: (ticketId: number) => hasAssignment(db, ticketId),

    /**
     * Puts the driver and car on the ticket (replacing an earlier pair) if the ticket is still the partner's and in
     * `state`, and the driver and car are the partner's active ones; false otherwise. One transaction, the ticket
     * row locked, so a move racing the assignment is seen. A new pair is told to the passenger; the same
     * pair again (a repeated call) is not.
     */
    async assign(write: {
      ticketId: number;
      partnerId: number;
      state: string;
      driverId: number;
      carId: number;
      staffId: number;
      at: Date;
    }): Promise<'assigned' | 'moved' | 'not_found'> {
      const outcome = await db.transaction(async (tx) => {
        const [ticket] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.id, write.ticketId), eq(tickets.partnerId, write.partnerId), eq(tickets.tripState, write.state)))
          .for('update');
        if (!ticket) return 'moved';
        const [driver] = await tx
          .select({ id: drivers.id, fullname: drivers.fullname, phone: drivers.phone })
          .from(drivers)
          .where(and(eq(drivers.id, write.driverId), eq(drivers.partnerId, write.partnerId), eq(drivers.active, true)));
        const [car] = await tx
          .select({ id: partnerCars.id, plate: partnerCars.plate, name: partnerCars.name })
          .from(partnerCars)
          .where(and(eq(partnerCars.id, write.carId), eq(partnerCars.partnerId, write.partnerId), eq(partnerCars.active, true)));
        if (!driver || !car) return 'not_found';
        const [before] = await tx
          .select({ driverId: ticketAssignments.driverId, carId: ticketAssignments.carId })
          .from(ticketAssignments)
          .where(eq(ticketAssignments.ticketId, ticket.id));
        const values = { driverId: driver.id, carId: car.id, staffId: write.staffId, assignedAt: write.at };
        await tx
          .insert(ticketAssignments)
          .values({ ticketId: ticket.id, ...values })
          .onConflictDoUpdate({ target: ticketAssignments.ticketId, set: values });
        await tx.update(tickets).set({ updatedAt: write.at }).where(eq(tickets.id, ticket.id));
        if (before?.driverId !== driver.id || before.carId !== car.id)
          await messages.write(tx, 'driver_assigned', ticket.id, {
            // Each new pair is an event of its own: a second assignment is told too.
            discriminator: `assignment-${write.at.getTime()}`,
            driver: { name: driver.fullname, phone: driver.phone, plate: car.plate, car: car.name },
          });
        return 'assigned';
      });
      if (outcome === 'assigned') messages.wake();
      return outcome;
    },

    staffOnline: (partnerId: number, since: Date) => partnerStaffOnline(db, partnerId, since),
  };
}

export type PartnersRepository = ReturnType<typeof createPartnersRepository>;

/** Ids per statement when a list of tickets is asked about (well under PostgreSQL's 65,535 parameters). */
const TICKETS_PER_READ = 10_000;

/** The car assigned to each of the tickets that has one (the home page's impact figures count shared cars). */
export async function carsOfTickets(db: Db, ticketIds: readonly number[]): Promise<Map<number, number | null>> {
  const cars = new Map<number, number | null>();
  for (let start = 0; start < ticketIds.length; start += TICKETS_PER_READ) {
    const rows = await db
      .select({ ticketId: ticketAssignments.ticketId, carId: ticketAssignments.carId })
      .from(ticketAssignments)
      .where(inArray(ticketAssignments.ticketId, ticketIds.slice(start, start + TICKETS_PER_READ)));
    for (const row of rows) cars.set(row.ticketId, row.carId);
  }
  return cars;
}
