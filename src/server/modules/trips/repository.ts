// SQL of the trips: the partners' staff and their sessions, a partner's tickets, fleet and assignments, and the one
// conditional UPDATE that moves a ticket's trip state together with the trip_events row that records it (and, for a
// refusal, the refund and member balance it owes), in one transaction.
import { and, asc, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  drivers,
  partnerCars,
  partnerSessions,
  partnerStaff,
  ticketAssignments,
  tickets,
  transportPartners,
  tripEvents,
  vehicleTypes,
} from '../../db/schema';
import type { TripActor, TripState } from '../../../shared/contract/trips';
import { settleCancellation } from '../booking/repository-cancel';
import { assignedDrivers, hasAssignment, partnerStaffOnline, ticketRatingsOf } from './trip-state';

export type StaffRow = typeof partnerStaff.$inferSelect;
export type TripTicketRow = typeof tickets.$inferSelect;

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
  /** A refusal settles what the ticket owes (refund, member balance), as a cancellation does. */
  settle?: 'partner_refused';
}

/** A session's last-seen time is written at most this often (seconds), so a polling console writes rarely. */
export const SEEN_EVERY_SECONDS = 30;

export function createTripsRepository(db: Db) {
  return {
    async staffByPhone(phone: string): Promise<StaffWithPartner | undefined> {
      const [row] = await db
        .select({ staff: partnerStaff, partnerName: transportPartners.name })
        .from(partnerStaff)
        .innerJoin(transportPartners, eq(transportPartners.id, partnerStaff.partnerId))
        .where(and(eq(partnerStaff.phone, phone), eq(transportPartners.active, true)))
        .limit(1);
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
    async partnerTicket(partnerId: number, code: string): Promise<TripTicketRow | undefined> {
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
    async transition(write: TransitionWrite): Promise<TripTicketRow | null> {
      return db.transaction(async (tx) => {
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
        return row;
      });
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

    /** Vehicle type names by id (a small, rarely changing table). */
    async vehicleNames(): Promise<Map<number, { vi: string; en: string }>> {
      const rows = await db.select({ id: vehicleTypes.id, vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn }).from(vehicleTypes);
      return new Map(rows.map((row) => [row.id, { vi: row.vi, en: row.en }]));
    },

    assignedDrivers: (ticketIds: number[]) => assignedDrivers(db, ticketIds),
    ratings: (ticketIds: number[]) => ticketRatingsOf(db, ticketIds),
    hasAssignment: (ticketId: number) => hasAssignment(db, ticketId),

    /**
     * Puts the driver and car on the ticket (replacing an earlier pair) if the ticket is still the partner's and in
     * `state`, and the driver and car are the partner's active ones; false otherwise. One transaction, the ticket
     * row locked, so a move racing the assignment is seen.
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
      return db.transaction(async (tx) => {
        const [ticket] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.id, write.ticketId), eq(tickets.partnerId, write.partnerId), eq(tickets.tripState, write.state)))
          .for('update');
        if (!ticket) return 'moved';
        const [driver] = await tx
          .select({ id: drivers.id })
          .from(drivers)
          .where(and(eq(drivers.id, write.driverId), eq(drivers.partnerId, write.partnerId), eq(drivers.active, true)));
        const [car] = await tx
          .select({ id: partnerCars.id })
          .from(partnerCars)
          .where(and(eq(partnerCars.id, write.carId), eq(partnerCars.partnerId, write.partnerId), eq(partnerCars.active, true)));
        if (!driver || !car) return 'not_found';
        const values = { driverId: driver.id, carId: car.id, staffId: write.staffId, assignedAt: write.at };
        await tx
          .insert(ticketAssignments)
          .values({ ticketId: ticket.id, ...values })
          .onConflictDoUpdate({ target: ticketAssignments.ticketId, set: values });
        await tx.update(tickets).set({ updatedAt: write.at }).where(eq(tickets.id, ticket.id));
        return 'assigned';
      });
    },

    staffOnline: (partnerId: number, since: Date) => partnerStaffOnline(db, partnerId, since),
  };
}

export type TripsRepository = ReturnType<typeof createTripsRepository>;
