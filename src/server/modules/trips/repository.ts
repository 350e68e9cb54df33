// SQL of the trips: the partners' staff and their sessions, a partner's tickets, and the one conditional UPDATE that
// moves a ticket's trip state together with the trip_events row that records it (one transaction).
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerSessions, partnerStaff, tickets, transportPartners, tripEvents } from '../../db/schema';
import type { TripActor, TripState } from '../../../shared/contract/trips';

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
}

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

    /** The staff member of a live session. */
    async staffBySession(tokenHash: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select({ staff: partnerStaff })
        .from(partnerSessions)
        .innerJoin(partnerStaff, eq(partnerStaff.id, partnerSessions.staffId))
        .where(and(eq(partnerSessions.tokenHash, tokenHash), isNull(partnerSessions.revokedAt)))
        .limit(1);
      return row?.staff;
    },

    /** One page of the partner's tickets, newest first, and whether another page follows. */
    async partnerTickets(partnerId: number, page: number, size: number, state?: TripState) {
      const where: SQL[] = [eq(tickets.partnerId, partnerId)];
      if (state) where.push(eq(tickets.tripState, state));
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
        return row;
      });
    },
  };
}

export type TripsRepository = ReturnType<typeof createTripsRepository>;
