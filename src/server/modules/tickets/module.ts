// Builds the tickets module (the ticket itself and what happens to it after booking) from its dependencies: the
// proof of a ticket that every public ticket call needs (its access key, its contact or the owner's token, with one
// counter of lookups per client address), made first since other modules' routes need it; then the ticket's
// repository, the writer booking creates tickets with, the night flow's states, the lookup and its live stream, the
// cancellation (its refunds recorded by the payments module), the ratings, and their routes. What the ticket shows or
// gives back of the other modules' data comes through the ports app.ts hands in (ports.ts).
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { MessageWriter } from '../../outbox/writer';
import { createTicketAccess, type KeySecrets, type TicketAccess } from './access';
import { createCancelRepository, createCancellationSettler, type RefundBook } from './cancel-repository';
import { createTripExtras } from './extras';
import { createPartnerDesk } from './partner-desk';
import type {
  AssignedDrivers,
  DriverPositionOf,
  ForgetDriverPosition,
  PartnerBook,
  ReturnMemberPromotion,
  TicketCreditBook,
} from './ports';
import { createCancelService } from './cancel-service';
import { createRatingsRepository } from './ratings-repository';
import { createRatingsService } from './ratings-service';
import { createTicketRepository } from './repository';
import { countTicketsSince, lastTicketIdBefore } from './service-reads';
import { ticketRoutes, type TicketNames } from './routes';
import { createTicketWatch } from './watch';
import type { PlaceAddress } from './view';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import type { TicketCounts } from '../booking/module';

export interface TicketAccessDeps {
  db: Db;
  /** The config module's server secrets (the keys' HMAC secret). */
  secrets: KeySecrets;
  now?: () => Date;
  /** The accounts module's: the user a valid account token belongs to, else null. */
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  /** Ticket lookups per client address and window (default TICKET_LOOKUP_LIMIT; env for the browser tests). */
  lookupLimit?: number;
}

/** The proof of a ticket, shared by every module whose calls act on one (booking, payments, business, push). */
export function createTicketsAccess({ db, secrets, now = () => new Date(), userIdForToken, lookupLimit }: TicketAccessDeps) {
  return createTicketAccess({ db, secrets, userIdForToken, now, lookupLimit });
}

export interface TicketsModuleDeps {
  db: Db;
  clientIp: (c: Context) => string;
  now?: () => Date;
  /** The proof of a ticket (createTicketsAccess). */
  access: TicketAccess;
  /** The payments module's refunds: a cancellation records the refund a paid ticket is owed. */
  refunds: RefundBook;
  /** The outbox writer: bookings, night answers and cancellations write their messages with them. */
  messages?: MessageWriter;
  /** The pricing module's: the names a ticket shows (its partner's and its vehicle type's). */
  names: TicketNames;
  /** The pricing module's partners: their names beside the ratings, and the scores a rating moves. */
  partners: PartnerBook;
  /** The partners module's: the driver and car on each of some tickets. */
  assignedDrivers: AssignedDrivers;
  /** The business module's credit: whether it paid a ticket, and what a cancellation gives back to it. */
  credit: TicketCreditBook;
  /** The partners module's: the latest position the driver of a ticket shared. */
  driverPosition?: DriverPositionOf;
  /** The partners module's: a cancellation deletes that position in its transaction. */
  forgetDriverPosition?: ForgetDriverPosition;
  /** The accounts module's: a cancellation gives back the member balance the ticket used. */
  returnMemberPromotion: ReturnMemberPromotion;
  /** The places module's gazetteer: the ticket page names a booked place in the page's language. */
  placeAddress?: PlaceAddress;
  /** Whether the ticket page draws the driver on a map (MAP_TILE_URL): only then does it get the coordinates. */
  mapShown?: boolean;
}

import { createDayCounts } from './day-counts';
import { createDeskTicketsRepository } from './desk-repository';
import { deskTicketRoutes } from './desk-routes';
import { createTicketsDeskService, type TicketsDeskPorts } from './desk-service';
import { NO_MESSAGES } from '../../outbox/writer';
import type { RequireDesk } from '../desk/module';

export type { TicketsDeskPorts } from './desk-service';

export function createTicketsModule({
  db,
  clientIp,
  now = () => new Date(),
  access,
  refunds,
  messages,
  names,
  partners,
  assignedDrivers,
  credit,
  driverPosition,
  forgetDriverPosition,
  returnMemberPromotion,
  placeAddress,
  mapShown = false,
}: TicketsModuleDeps) {
  const repository = createTicketRepository(db, messages);
  const ratings = createRatingsService({ repository: createRatingsRepository(db, partners), now });
  const books = { refunds, credit, returnMemberPromotion, forgetPosition: forgetDriverPosition };
  const settleCancellation = createCancellationSettler(books, messages);
  const cancels = createCancelRepository(db, books, messages);
  const cancel = createCancelService({
    cancels,
    tickets: repository,
    now,
    notFoundKey: BOOKING_ERROR_KEYS.ticketNotFound,
  });
  const watch = createTicketWatch(db);
  const extras = createTripExtras(db, { drivers: assignedDrivers, credit, driverPosition });
  const routes = ticketRoutes({
    access,
    cancel,
    ratings,
    repository,
    names,
    extras,
    watch,
    clientIp,
    now,
    placeAddress,
    mapShown,
  });
  return {
    service: {
      access,
      ratings,
      /** The partner console's tickets and their moves (a refusal settles what the ticket owes, as a cancellation does). */
      partnerDesk: createPartnerDesk(db, settleCancellation, messages),
      /** Each partner's live bookings departing in a range (the price lists' daily caps). */
      dayCounts: createDayCounts(db),
    },
    routes,
    /**
     * The operator desk's ticket calls (search, timeline, refund paid, cancel, move, resend), built once the desk's
     * guard and the other modules' ports exist (app.ts).
     */
    deskRoutes(desk: TicketsDeskPorts & { requireDesk: RequireDesk }) {
      const service = createTicketsDeskService({
        ...desk,
        db,
        repository: createDeskTicketsRepository(db),
        cancelIn: cancels.cancelIn,
        messages: messages ?? NO_MESSAGES,
        now,
      });
      return deskTicketRoutes(service, desk.requireDesk);
    },
    /** Booking's port: how a booking creates its ticket (booking/ports.ts TicketWriter). */
    writer: {
      findBySession: repository.findBySession,
      insert: repository.insert,
      bySessionIn: repository.bySessionIn,
      pendingTwinIn: repository.pendingTwinIn,
      countsIn: repository.countsIn,
      recentCounts: repository.recentCounts,
      findDuplicate: repository.findDuplicate,
      findByCode: repository.findByCode,
      dayCountIn: repository.dayCountIn,
    },
    /**
     * Booking's port: the night flow's reads and changes of a ticket (booking/ports.ts TicketStates, whose staff
     * presence app.ts takes from the partners module).
     */
    states: {
      findByIdAndCode: repository.findByIdAndCode,
      transition: repository.transition,
    },
    /** Booking's port: the live booking count's reads (booking/ports.ts TicketCounts). */
    counts: {
      lastTicketIdBefore: (before) => lastTicketIdBefore(db, before),
      countTicketsSince: (afterId, since) => countTicketsSince(db, afterId, since),
    } satisfies TicketCounts,
  };
}
