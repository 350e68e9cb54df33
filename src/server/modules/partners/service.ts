// The partner console's rules (spec 4 catalogue ticket states): a partner's staff member logs in, lists the
// partner's own tickets with their drivers and whether each is paid, accepts (→ not_started) or refuses (→ cancelled),
// assigns a driver and car, and moves the ticket along the trip state machine of src/shared/contract/tickets.ts, the
// only place the legal moves are written. Another partner's ticket answers exactly like an unknown code. Each move the passenger cares about writes
// its messages with the move.
import { POSITION_STATES } from '../../../shared/contract/partner-driver';
import type { PositionStore } from './positions';
import { TRANSACTION_STATUS, isOnlinePayMethod } from '../../../shared/contract/booking';
import { PAYMENT_WINDOW_MINUTES } from '../../../shared/contract/payments';
import type { MessageEvent } from '../../outbox/events';
import {
  DRIVER_RAND_NAMES_MAX,
  PARTNER_ERROR_KEYS,
  PARTNER_TICKET_PAGE_SIZE,
  type StaffAssignRequest,
  type StaffFleet,
  type StaffLoginRequest,
  type StaffSession,
  type StaffTicket,
  type StaffTickets,
  type StaffTransition,
  type StaffTransitionRequest,
  type AssignedDriver,
} from '../../../shared/contract/partners';
import {
  TRIP_USER_STATUS,
  canTransition,
  nextStates,
  transactionStatusOnEnter,
  type TripState,
} from '../../../shared/contract/tickets';
import { isPartnerRole } from '../../../shared/contract/partner-roles';
import { staffPaymentOf } from '../../../shared/domain/payment-attempt';
import { normalizePhone } from '../../../shared/domain/phone';
import { isLang, type Lang } from '../../../shared/domain/route-table';
import { cached } from '../../http/cached';
import type { LoginThrottle } from '../../http/login-throttle';
import { dummyPasswordHash, newSecretToken, sha256, verifyPassword } from '../../security/crypto';
import {
  SEEN_EVERY_SECONDS,
  type StaffRow,
  type StaffWithPartner,
  type TransitionWrite,
  type PartnerTicketRow,
  type PartnersRepository,
} from './repository';
import { shortName, tripStateOf } from '../tickets/service';
import { FLEET_ERROR_KEYS } from '../../../shared/contract/partner-fleet';
import { vnIsoDate } from './fleet-service';
import { refuse, type Refusal, type Result as HttpResult } from '../../http/refusal';
import { rangeEnds } from '../../../shared/domain/range-time';
import type { TicketRating } from '../../../shared/contract/tickets';

export type PartnerRefusal = Refusal<401 | 404 | 409 | 429>;
type Result<T> = HttpResult<T, PartnerRefusal['status']>;

/** A staff session lasts one working shift, 12 hours from its login. */
export const STAFF_SESSION_HOURS = 12;
/** The throttle's login name of a staff phone (known or not). */
export const staffLoginKey = (phone: string) => `staff:${phone}`;

interface TicketExtras {
  driver: AssignedDriver | null;
  rating: TicketRating | null;
  vehicleName: string;
  nightSecondsLeft: number | null;
  payment: StaffTicket['payment'];
}

function staffTicket(row: PartnerTicketRow, extras: TicketExtras): StaffTicket {
  const state = tripStateOf(row);
  return {
    ticket_code: row.code,
    trip_state: state,
    next_states: nextStates(state, 'partner'),
    status: row.status as StaffTicket['status'],
    transaction_status_id: row.transactionStatusId as StaffTicket['transaction_status_id'],
    pay_method_id: row.payMethodId,
    kind: row.kind,
    depart_time: row.departTime,
    range_time: row.useRangeTime ? rangeEnds(row.departTime) : null,
    depart_at: row.departAt.toISOString(),
    pick_address: row.pickAddress,
    drop_address: row.dropAddress,
    fullname: row.otherName ?? row.fullname,
    phone: row.otherPhone ?? row.phone,
    vehicle_id: row.vehicleId,
    chair: row.chair,
    total_cost: row.totalCost,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    vehicle_name: extras.vehicleName,
    is_night_booking: row.isNightBooking,
    night_status: row.nightStatus as StaffTicket['night_status'],
    night_seconds_left: extras.nightSecondsLeft,
    driver: extras.driver,
    rating: extras.rating,
    payment: extras.payment,
  };
}

/** What a partner's or driver's move tells the passenger (outbox/events.ts), if anything. */
export function messageFor(from: TripState, to: TripState): MessageEvent | undefined {
  if (from === 'driver_pending' && to === 'not_started') return 'partner_accepted';
  if (from === 'driver_pending' && to === 'cancelled') return 'partner_refused';
  if (to === 'arrived_at_pickup') return 'driver_arrived';
  if (to === 'trip_started') return 'trip_started';
  return undefined;
}

/**
 * What else a partner's move writes: accepting a night booking answers its night check (and a postpaid one is then
 * booked, as the seeded policy's acceptance does); refusing answers it too and cancels the ticket.
 */
function nightAnswer(row: PartnerTicketRow, to: TripState, at: Date): Partial<TransitionWrite['extra']> {
  const open = row.nightStatus === 'pending' || row.nightStatus === 'contacting';
  if (to === 'cancelled') return { cancelledAt: at, ...(open ? { nightStatus: 'refused', nightDecidedAt: at } : {}) };
  if (to === 'not_started' && open) {
    return {
      nightStatus: 'accepted',
      nightDecidedAt: at,
      ...(isOnlinePayMethod(row.payMethodId) ? {} : { transactionStatusId: TRANSACTION_STATUS.success }),
    };
  }
  return {};
}

export interface PartnersServiceDeps {
  repository: PartnersRepository;
  /** The trips' shared positions: a move out of the shared states deletes the trip's. */
  positions: PositionStore;
  now: () => Date;
  /** spec 9 night_booking_check_max_seconds (the night check's length). */
  nightCheckSeconds: () => Promise<number>;
  /** spec 4, 9 payment_window_minutes (an online payment's window; "awaiting" or "not paid"). */
  paymentWindowMinutes?: () => Promise<number>;
  /** A bank transfer's window (transfer_window_minutes); default: a card's. */
  transferWindowMinutes?: () => Promise<number>;
  /** The failed-login back-off shared with the other logins (http/login-throttle.ts). */
  throttle: LoginThrottle;
  /** The pricing module's vehicle type names by id. */
  vehicleTypeNames: () => Promise<Map<number, { vi: string; en: string }>>;
  /** The pricing module's active transport partners among some ids (staff of an inactive partner cannot log in). */
  activePartners: (ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
}

export function createPartnersService({
  repository,
  positions,
  now,
  nightCheckSeconds,
  paymentWindowMinutes = async () => PAYMENT_WINDOW_MINUTES,
  transferWindowMinutes,
  throttle,
  vehicleTypeNames,
  activePartners,
}: PartnersServiceDeps) {
  /** The staff member of a phone with their partner's name, when that partner is active. */
  async function staffWithPartner(phone: string): Promise<StaffWithPartner | undefined> {
    const staff = await repository.staffByPhone(phone);
    if (!staff) return undefined;
    const [partner] = await activePartners([staff.partnerId]);
    return partner ? { staff, partnerName: partner.name } : undefined;
  }

  // Vehicle type names change with a migration or an operator's edit, not per request: read every 5 minutes.
  const vehicleNames = cached(vehicleTypeNames, 5 * 60_000);

  /** The list items: each ticket with its driver, rating, vehicle name, night countdown and payment. */
  async function withExtras(rows: PartnerTicketRow[], lang: string): Promise<StaffTicket[]> {
    const ids = rows.map((row) => row.id);
    const [driversOf, ratingsOf, names, checkSeconds, paymentsOf] = await Promise.all([
      repository.assignedDrivers(ids),
      repository.ratings(ids),
      vehicleNames.get(),
      nightCheckSeconds(),
      // As the payments module reads the setting: a whole number of minutes, else the spec's 5.
      Promise.all([paymentWindowMinutes(), transferWindowMinutes?.()]).then(([minutes, transfer]) => {
        const card = Number.isInteger(minutes) && minutes >= 0 ? minutes : PAYMENT_WINDOW_MINUTES;
        return repository.paymentFacts(rows, card, transfer ?? card);
      }),
    ]);
    const language: Lang = isLang(lang) ? lang : 'vi';
    const at = now().getTime();
    return rows.map((row) =>
      staffTicket(row, {
        driver: driversOf.get(row.id) ?? null,
        rating: ratingsOf.get(row.id) ?? null,
        vehicleName: names.get(row.vehicleId)?.[language] ?? '',
        nightSecondsLeft:
          row.nightStatus === 'contacting' && row.contactedAt
            ? Math.max(0, Math.ceil(checkSeconds - (at - row.contactedAt.getTime()) / 1000))
            : null,
        payment: staffPaymentOf({
          payMethodId: row.payMethodId,
          transactionStatusId: row.transactionStatusId,
          ...(paymentsOf.get(row.id) ?? { latest: null, expired: false, paidOnCredit: false }),
        }),
      }),
    );
  }

  return {
    /**
     * A wrong password and an unknown phone get the same answer (and cost the same time). Each try is claimed from
     * the phone's back-off before the password is hashed, as the passengers' logins are.
     */
    async login(input: StaffLoginRequest): Promise<Result<StaffSession>> {
      const phone = normalizePhone('', input.phone_number);
      const claim = await throttle.claim(staffLoginKey(phone), now());
      if (!claim.allowed)
        return refuse(429, PARTNER_ERROR_KEYS.tooManyAttempts, { params: { seconds: claim.retryAfterSeconds } });
      const found = await staffWithPartner(phone);
      if (!found) {
        await verifyPassword(input.password, await dummyPasswordHash());
        return refuse(401, PARTNER_ERROR_KEYS.loginFailed);
      }
      // A login still waiting on its set-password link has no password: refused after the same work as a wrong one.
      const hash = found.staff.passwordHash || (await dummyPasswordHash());
      if (!(await verifyPassword(input.password, hash)) || !found.staff.passwordHash)
        return refuse(401, PARTNER_ERROR_KEYS.loginFailed);
      await throttle.succeeded(staffLoginKey(phone));
      const token = newSecretToken();
      await repository.createSession(found.staff.id, sha256(token), now());
      const { staff } = found;
      return {
        ok: true,
        data: {
          token,
          staff: {
            id: staff.id,
            fullname: staff.fullname,
            role: isPartnerRole(staff.role) ? staff.role : 'dispatcher',
            partner_id: staff.partnerId,
            partner_name: found.partnerName,
          },
        },
      };
    },

    /** The staff member a live token belongs to, else null; the session is marked seen (the partner is online). */
    async staffForToken(token: string | undefined): Promise<StaffRow | null> {
      if (!token) return null;
      const hash = sha256(token);
      const found = await repository.staffBySession(hash, new Date(now().getTime() - STAFF_SESSION_HOURS * 3_600_000));
      if (!found) return null;
      const at = now();
      if (!found.lastSeenAt || at.getTime() - found.lastSeenAt.getTime() >= SEEN_EVERY_SECONDS * 1000) {
        await repository.touchSession(hash, at);
      }
      return found.staff;
    },

    /** A new console session of a staff member (a login, or a password just set from its link). */
    createSession: (staffId: number, tokenHash: string, at: Date) => repository.createSession(staffId, tokenHash, at),

    logout: (token: string) => repository.revokeSession(sha256(token), now()),

    /** spec 7 get_all_driver_rand_names: up to DRIVER_RAND_NAMES_MAX shortened driver names, shuffled, no repeats. */
    async driverRandNames(random: () => number = Math.random): Promise<string[]> {
      const rows = await repository.activeDriverNames(vnIsoDate(now()));
      const partners = new Set((await activePartners([...new Set(rows.map((row) => row.partnerId))])).map((p) => p.id));
      const names = [
        ...new Set(
          rows
            .filter((row) => partners.has(row.partnerId))
            .map((row) => shortName(row.fullname))
            .filter(Boolean),
        ),
      ];
      for (let i = names.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [names[i], names[j]] = [names[j] ?? '', names[i] ?? ''];
      }
      return names.slice(0, DRIVER_RAND_NAMES_MAX);
    },

    async tickets(staff: StaffRow, page: number, states: TripState[], lang: string): Promise<StaffTickets> {
      const { rows, more } = await repository.partnerTickets(staff.partnerId, page, PARTNER_TICKET_PAGE_SIZE, states);
      return { items: await withExtras(rows, lang), page, next_page: more ? page + 1 : -1 };
    },

    async fleet(staff: StaffRow, lang: string): Promise<StaffFleet> {
      const [fleet, names] = await Promise.all([repository.fleet(staff.partnerId), vehicleNames.get()]);
      const language: Lang = isLang(lang) ? lang : 'vi';
      return {
        drivers: fleet.drivers.map((d) => ({
          id: d.id,
          fullname: d.fullname,
          phone: d.phone,
          photo_url: d.photoUrl,
          licence_expires_on: d.licenceExpiresOn,
        })),
        cars: fleet.cars.map((c) => ({
          id: c.id,
          plate: c.plate,
          name: c.name || (names.get(c.vehicleTypeId)?.[language] ?? ''),
          vehicle_id: c.vehicleTypeId,
        })),
      };
    },

    /** Puts a driver and car on an accepted ticket (not_started); a new driver or car replaces them and is told again. */
    async assign(staff: StaffRow, input: StaffAssignRequest, lang: string): Promise<Result<StaffTicket>> {
      const row = await repository.partnerTicket(staff.partnerId, input.ticket_code);
      if (!row) return refuse(404, PARTNER_ERROR_KEYS.notFound);
      if (tripStateOf(row) !== 'not_started') return refuse(409, PARTNER_ERROR_KEYS.notAssignable);
      const outcome = await repository.assign({
        ticketId: row.id,
        partnerId: staff.partnerId,
        state: row.tripState,
        driverId: input.driver_id,
        carId: input.car_id,
        staffId: staff.id,
        at: now(),
        tripDate: vnIsoDate(row.departAt),
        lang: isLang(row.lang) ? row.lang : 'vi',
      });
      if (outcome === 'moved') return refuse(409, PARTNER_ERROR_KEYS.notAssignable);
      if (outcome === 'licence_expired') return refuse(409, FLEET_ERROR_KEYS.licenceExpired);
      if (outcome === 'not_found') return refuse(404, PARTNER_ERROR_KEYS.driverNotFound);
      const [item] = await withExtras([row], lang);
      return item ? { ok: true, data: item } : refuse(404, PARTNER_ERROR_KEYS.notFound);
    },

    /** One move of the machine by the partner; a racing call that moved the ticket first makes this one a 409. */
    async transition(staff: StaffRow, input: StaffTransitionRequest): Promise<Result<StaffTransition>> {
      const to = input.to as TripState;
      const row = await repository.partnerTicket(staff.partnerId, input.ticket_code);
      if (!row) return refuse(404, PARTNER_ERROR_KEYS.notFound);
      const from = tripStateOf(row);
      if (from === 'awaiting_payment' && to !== 'awaiting_payment') return refuse(409, PARTNER_ERROR_KEYS.awaitingPayment);
      if (!canTransition(from, to, 'partner')) return refuse(409, PARTNER_ERROR_KEYS.illegalTransition);
      if (to === 'trip_started' && !(await repository.hasAssignment(row.id)))
        return refuse(409, PARTNER_ERROR_KEYS.driverRequired);
      const at = now();
      const updated = await repository.transition({
        ticketId: row.id,
        partnerId: staff.partnerId,
        storedFrom: row.tripState,
        from,
        to,
        status: TRIP_USER_STATUS[to],
        transactionStatusId: transactionStatusOnEnter(from, to),
        actor: 'partner',
        actorId: staff.id,
        reason: input.reason,
        at,
        extra: nightAnswer(row, to, at),
        ...(to === 'cancelled' ? { settle: 'partner_refused' as const } : {}),
        message: messageFor(from, to),
      });
      if (!updated) return refuse(409, PARTNER_ERROR_KEYS.illegalTransition);
      if (!POSITION_STATES.includes(to)) await positions.clear(row.id);
      return {
        ok: true,
        data: {
          ticket_code: updated.code,
          from,
          trip_state: to,
          status: updated.status as StaffTransition['status'],
          transaction_status_id: updated.transactionStatusId as StaffTransition['transaction_status_id'],
          at: at.toISOString(),
        },
      };
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
