// SQL of the partner console: the partners' staff and their sessions, the fleet and the assignments. A partner's
// tickets and their moves are the tickets module's (its desk), and a ticket's payment line the payments and business
// modules'; the assignment's transaction locks and touches the ticket through the desk.
import { and, asc, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driverPositions, drivers, partnerCars, partnerSessions, partnerStaff, ticketAssignments } from '../../db/schema';
import type { TicketPaymentFacts } from '../../../shared/domain/payment-attempt';
import type { PaymentWindows } from '../../../shared/domain/payment-window';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { ticketRatingsOf, type PartnerDesk, type PartnerTicketRow, type TripMove } from '../tickets/service';
import { assignedDrivers, hasAssignment } from './crew';
import type { KeptOnCredit, PaymentAttempts } from './ports';
import { pathFor, type Lang } from '../../../shared/domain/route-table';
import { newSecretToken, sha256 } from '../../security/crypto';

export type StaffRow = typeof partnerStaff.$inferSelect;
export type { PartnerTicketRow };
/** A partner's move of a ticket (the tickets module's desk makes it). */
export type TransitionWrite = TripMove;

export interface StaffWithPartner {
  staff: StaffRow;
  partnerName: string;
}

/** A session's last-seen time is written at most this often (seconds), so a polling console writes rarely. */
export const SEEN_EVERY_SECONDS = 30;

/** What the console reads and changes of the other modules' data (app.ts hands them in). */
export interface PartnersRepositoryPorts {
  /** The tickets module's: a partner's tickets, their moves, the ticket's lock and touch in the assignment. */
  tickets: PartnerDesk;
  /** The payments module's: each listed ticket's latest attempt and whether its window is over. */
  paymentAttempts: PaymentAttempts;
  /** The business module's: the listed tickets a business credit paid and kept. */
  keptOnCredit: KeptOnCredit;
}

/** `messages`: the outbox writer: each assignment's messages are written in its transaction. */
export function createPartnersRepository(db: Db, ports: PartnersRepositoryPorts, messages: MessageWriter = NO_MESSAGES) {
  const { tickets } = ports;
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
    partnerTickets: tickets.partnerTickets,

    /** The partner's ticket by code; another partner's ticket is not found, like an unknown code. */
    partnerTicket: tickets.partnerTicket,

    /**
     * The conditional UPDATE (only a ticket still in `from`, of this partner when one is given, changes: of two
     * racing calls one wins) and its trip_events row, in one transaction. Null when the UPDATE changed nothing.
     */
    transition: (write: TransitionWrite): Promise<PartnerTicketRow | null> => tickets.move(write),

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

    /**
     * Every active driver whose licence is valid on `today` (YYYY-MM-DD) or not recorded: the full name and partner
     * (the random names list keeps those of active partners, shortens and samples them).
     */
    async activeDriverNames(today: string): Promise<{ fullname: string; partnerId: number }[]> {
      return db
        .select({ fullname: drivers.fullname, partnerId: drivers.partnerId })
        .from(drivers)
        .where(and(eq(drivers.active, true), or(isNull(drivers.licenceExpiresOn), gte(drivers.licenceExpiresOn, today))));
    },

    /**
     * What the payment line of each listed ticket needs: the latest payment attempt, whether its window is over by
     * the database's clock (the time-out rule's: from the latest attempt, else the booking), both in one query of the
     * payments module, and whether a business credit paid the ticket and kept it (debited, not refunded:
     * get_ticket_info's rule), in one of the business module, read at once.
     */
    async paymentFacts(
      rows: readonly Pick<PartnerTicketRow, 'id' | 'createdAt' | 'payMethodId'>[],
      windowMinutes: number,
      /** A bank transfer's window (default: the same). */
      transferMinutes: number = windowMinutes,
    ): Promise<Map<number, Pick<TicketPaymentFacts, 'latest' | 'expired' | 'paidOnCredit'>>> {
      if (!rows.length) return new Map();
      const windows: PaymentWindows = { card: windowMinutes, transfer: transferMinutes };
      const list = rows.map((row) => ({ id: row.id, createdAt: row.createdAt, payMethodId: row.payMethodId }));
      const [attempts, kept] = await Promise.all([
        ports.paymentAttempts(list, windows),
        ports.keptOnCredit(list.map((row) => row.id)),
      ]);
      return new Map(
        list.map((row) => {
          const attempt = attempts.get(row.id) ?? { latest: null, expired: false };
          return [row.id, { latest: attempt.latest, expired: attempt.expired, paidOnCredit: kept.has(row.id) }];
        }),
      );
    },

    assignedDrivers: (ticketIds: number[]) => assignedDrivers(db, ticketIds),
    ratings: (ticketIds: number[]) => ticketRatingsOf(db, ticketIds),
    hasAssignment: (ticketId: number) => hasAssignment(db, ticketId),

    /**
     * Puts the driver and car on the ticket (replacing an earlier pair) if the ticket is still the partner's and in
     * `state`, the driver and car are the partner's active (not retired) ones and the driver's licence is valid on the
     * trip's day. One transaction, the ticket
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
      /** The trip's day in Vietnam (YYYY-MM-DD): a licence that expired before it is refused. */
      tripDate: string;
      /** The ticket's language: the driver's trip link opens in it. */
      lang: Lang;
    }): Promise<'assigned' | 'moved' | 'not_found' | 'licence_expired'> {
      const outcome = await db.transaction(async (tx) => {
        const ticket = await tickets.lockIn(tx, { ticketId: write.ticketId, partnerId: write.partnerId, state: write.state });
        if (!ticket) return 'moved';
        const [driver] = await tx
          .select({ id: drivers.id, fullname: drivers.fullname, phone: drivers.phone, expires: drivers.licenceExpiresOn })
          .from(drivers)
          .where(and(eq(drivers.id, write.driverId), eq(drivers.partnerId, write.partnerId), eq(drivers.active, true)));
        const [car] = await tx
          .select({ id: partnerCars.id, plate: partnerCars.plate, name: partnerCars.name })
          .from(partnerCars)
          .where(and(eq(partnerCars.id, write.carId), eq(partnerCars.partnerId, write.partnerId), eq(partnerCars.active, true)));
        if (!driver || !car) return 'not_found';
        if (driver.expires !== null && driver.expires < write.tripDate) return 'licence_expired';
        const [before] = await tx
          .select({ driverId: ticketAssignments.driverId, carId: ticketAssignments.carId })
          .from(ticketAssignments)
          .where(eq(ticketAssignments.ticketId, ticket.id));
        // A new driver gets a new trip link, 32 random bytes (DRIVER_LINK_BYTES), of which only the hash is kept;
        // the earlier driver's dies with its hash. The same driver (a new car, a repeated call) keeps theirs.
        const newDriver = before?.driverId !== driver.id;
        const secret = newDriver ? newSecretToken() : null;
        const values = {
          driverId: driver.id,
          carId: car.id,
          staffId: write.staffId,
          assignedAt: write.at,
          ...(secret ? { driverLinkHash: sha256(secret) } : {}),
        };
        await tx
          .insert(ticketAssignments)
          .values({ ticketId: ticket.id, ...values })
          .onConflictDoUpdate({ target: ticketAssignments.ticketId, set: values });
        // The earlier driver's shared position goes with their link.
        if (newDriver) await tx.delete(driverPositions).where(eq(driverPositions.ticketId, ticket.id));
        if (secret)
          await messages.write(tx, 'driver_trip_link', ticket.id, {
            discriminator: `driver-link-${write.at.getTime()}`,
            driver: { name: driver.fullname, phone: driver.phone, plate: car.plate, car: car.name },
            driverPath: pathFor('driver-trip', write.lang, { token: secret }),
          });
        await tickets.touchIn(tx, ticket.id, write.at);
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
