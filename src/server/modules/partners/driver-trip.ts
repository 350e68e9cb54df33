// The driver's trip link: the secret is made on assignment (repository.ts stores only its hash), and whoever holds it
// reads that one trip and moves it as the 'driver' actor of the tickets contract's state machine, the only place the
// legal moves are written. A link is alive while its hash is the ticket's current assignment (a new driver replaces
// it) and the trip has not ended; a dead, unknown or replaced link answers the same 404.
import { eq } from 'drizzle-orm';
import { isOnlinePayMethod } from '../../../shared/contract/booking';
import {
  DRIVER_ERROR_KEYS,
  POSITION_STATES,
  type DriverMoveRequest,
  type DriverPositionRequest,
  type DriverTrip,
} from '../../../shared/contract/partner-driver';
import {
  TRIP_USER_STATUS,
  canTransition,
  nextStates,
  transactionStatusOnEnter,
  type TripState,
} from '../../../shared/contract/tickets';
import type { Db } from '../../db/client';
import { drivers, partnerCars, ticketAssignments } from '../../db/schema';
import { refuse, type Refusal, type Result as HttpResult } from '../../http/refusal';
import { sha256 } from '../../security/crypto';
import { touchTicket, tripStateOf, type PartnerDesk, type PartnerTicketRow } from '../tickets/service';
import type { PositionStore } from './positions';
import { messageFor } from './service';

/** The states in which a trip has ended for its driver: the link is dead from then on. */
const ENDED: readonly TripState[] = ['trip_completed', 'completed', 'pickup_failed', 'cancelled'];

export type DriverTripRefusal = Refusal<404 | 409 | 429>;
type Result<T> = HttpResult<T, DriverTripRefusal['status']>;

interface LinkHolder {
  ticket: PartnerTicketRow;
  state: TripState;
  driverId: number;
  driverName: string;
  plate: string;
}

function viewOf({ ticket, state, driverName, plate }: LinkHolder): DriverTrip {
  return {
    ticket_code: ticket.code,
    trip_state: state,
    next_states: nextStates(state, 'driver'),
    status: ticket.status as DriverTrip['status'],
    transaction_status_id: ticket.transactionStatusId as DriverTrip['transaction_status_id'],
    lang: ticket.lang,
    fullname: ticket.otherName ?? ticket.fullname,
    phone: ticket.otherPhone ?? ticket.phone,
    pick_address: ticket.pickAddress,
    drop_address: ticket.dropAddress,
    depart_time: ticket.departTime,
    depart_at: ticket.departAt.toISOString(),
    plane_number: ticket.planeNumber,
    by_board: ticket.byBoard,
    comment: ticket.comment,
    chair: ticket.chair,
    total_cost: ticket.totalCost,
    collect_cash: !isOnlinePayMethod(ticket.payMethodId),
    driver_name: driverName,
    plate,
  };
}

export interface DriverTripDeps {
  db: Db;
  /** The tickets module's desk: the ticket read by id and its moves. */
  tickets: PartnerDesk;
  /** The trips' latest shared positions. */
  positions: PositionStore;
  now: () => Date;
}

export function createDriverTripDesk({ db, tickets, positions, now }: DriverTripDeps) {
  /** The trip a live link opens, else undefined (unknown, replaced by a new driver's, or the trip has ended). */
  async function holderOf(token: string): Promise<LinkHolder | undefined> {
    const [link] = await db
      .select({
        ticketId: ticketAssignments.ticketId,
        driverId: drivers.id,
        partnerId: drivers.partnerId,
        driverName: drivers.fullname,
        plate: partnerCars.plate,
      })
      .from(ticketAssignments)
      .innerJoin(drivers, eq(drivers.id, ticketAssignments.driverId))
      .innerJoin(partnerCars, eq(partnerCars.id, ticketAssignments.carId))
      .where(eq(ticketAssignments.driverLinkHash, sha256(token)))
      .limit(1);
    if (!link) return undefined;
    const ticket = await tickets.partnerTicketById(link.partnerId, link.ticketId);
    if (!ticket) return undefined;
    const state = tripStateOf(ticket);
    if (ENDED.includes(state)) {
      // Ended by another hand: a cancellation deleted the position in its transaction; whatever another end left, the
      // driver's open screen, reading it, deletes.
      await positions.clear(ticket.id);
      return undefined;
    }
    return { ticket, state, driverId: link.driverId, driverName: link.driverName, plate: link.plate };
  }

  return {
    async trip(token: string): Promise<Result<DriverTrip>> {
      const holder = await holderOf(token);
      return holder ? { ok: true, data: viewOf(holder) } : refuse(404, DRIVER_ERROR_KEYS.linkDead);
    },

    /**
     * One move by the driver. Pressing the button of the state the trip is already in (a double tap, a replay)
     * changes nothing and answers the trip as it is; a move the table does not give the driver is a 409.
     */
    async move(input: DriverMoveRequest): Promise<Result<DriverTrip>> {
      const to = input.to as TripState;
      const holder = await holderOf(input.token);
      if (!holder) return refuse(404, DRIVER_ERROR_KEYS.linkDead);
      if (holder.state === to) return { ok: true, data: viewOf(holder) };
      if (!canTransition(holder.state, to, 'driver')) return refuse(409, DRIVER_ERROR_KEYS.illegalTransition);
      const moved = await tickets.move({
        ticketId: holder.ticket.id,
        partnerId: holder.ticket.partnerId,
        storedFrom: holder.ticket.tripState,
        from: holder.state,
        to,
        status: TRIP_USER_STATUS[to],
        transactionStatusId: transactionStatusOnEnter(holder.state, to),
        actor: 'driver',
        actorId: holder.driverId,
        reason: '',
        at: now(),
        message: messageFor(holder.state, to),
      });
      if (moved) {
        if (!POSITION_STATES.includes(to)) await positions.clear(holder.ticket.id);
        return { ok: true, data: viewOf({ ...holder, ticket: moved, state: to }) };
      }
      // Another call moved the trip first: a racing double tap that got there is harmless, anything else is a 409.
      const after = await tickets.partnerTicketById(holder.ticket.partnerId, holder.ticket.id);
      if (after && tripStateOf(after) === to) return { ok: true, data: viewOf({ ...holder, ticket: after, state: to }) };
      return refuse(409, DRIVER_ERROR_KEYS.illegalTransition);
    },

    /**
     * The phone's latest position, kept while the driver is on the way or at the pick-up; at another state the link
     * answers as dead for it (404), and a second position within POSITION_MIN_GAP_MS is a 429. The trip is read again
     * after the write: a move that ended the sharing meanwhile has its position deleted here, not left behind.
     */
    async share(input: DriverPositionRequest): Promise<Result<{ recorded_at: string }>> {
      const holder = await holderOf(input.token);
      if (!holder || !POSITION_STATES.includes(holder.state)) return refuse(404, DRIVER_ERROR_KEYS.linkDead);
      const at = now();
      const kept = await positions.save({
        ticketId: holder.ticket.id,
        driverId: holder.driverId,
        lat: input.lat,
        lng: input.lng,
        accuracyM: input.accuracy,
        recordedAt: at,
      });
      if (!kept) return refuse(429, DRIVER_ERROR_KEYS.tooOften);
      const after = await holderOf(input.token);
      if (!after || !POSITION_STATES.includes(after.state)) {
        await positions.clear(holder.ticket.id);
        return refuse(404, DRIVER_ERROR_KEYS.linkDead);
      }
      // The passenger's open ticket page follows the ticket's updated_at: the new position is a change it shows.
      await touchTicket(db, holder.ticket.id);
      return { ok: true, data: { recorded_at: at.toISOString() } };
    },
  };
}

export type DriverTripDesk = ReturnType<typeof createDriverTripDesk>;
