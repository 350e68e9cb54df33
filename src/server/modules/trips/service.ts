// The trip rules (spec 4 catalogue ticket states): a partner's staff member logs in, lists the partner's own tickets
// and moves one along the state machine of src/shared/contract/trips.ts, the only place the legal moves are written.
// Another partner's ticket answers exactly like an unknown code.
import { ONLINE_PAY_METHODS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import {
  TRIP_ERROR_KEYS,
  TRIP_PAGE_SIZE,
  TRIP_USER_STATUS,
  canTransition,
  isTripState,
  nextStates,
  transactionStatusOnEnter,
  type AgentLoginRequest,
  type AgentSession,
  type AgentTicket,
  type AgentTickets,
  type AgentTransition,
  type AgentTransitionRequest,
  type TripState,
} from '../../../shared/contract/trips';
import { normalizePhone } from '../../../shared/domain/phone';
import { hashPassword, newSecretToken, sha256, verifyPassword } from '../accounts/crypto';
import type { StaffRow, TripTicketRow, TripsRepository } from './repository';

export type TripRefusal = { ok: false; status: 401 | 404 | 409; message: string };
type Result<T> = { ok: true; data: T } | TripRefusal;
const refuse = (status: TripRefusal['status'], message: string): TripRefusal => ({ ok: false, status, message });

/**
 * The state a ticket is in: the stored one, except before a driver is sought, where the payment decides (ticket
 * creation stores driver_pending and the payment callback leaves trip_state alone): an online ticket whose payment
 * has not arrived awaits it, and one whose payment arrived waits for a driver.
 */
export function tripStateOf(row: TripTicketRow): TripState {
  const stored = isTripState(row.tripState) ? row.tripState : 'driver_pending';
  if (stored !== 'driver_pending' && stored !== 'awaiting_payment') return stored;
  const unpaid = ONLINE_PAY_METHODS.includes(row.payMethodId) && row.transactionStatusId !== TRANSACTION_STATUS.success;
  return unpaid ? 'awaiting_payment' : 'driver_pending';
}

function agentTicket(row: TripTicketRow): AgentTicket {
  const state = tripStateOf(row);
  return {
    ticket_code: row.code,
    trip_state: state,
    next_states: nextStates(state, 'partner'),
    status: row.status as AgentTicket['status'],
    transaction_status_id: row.transactionStatusId as AgentTicket['transaction_status_id'],
    pay_method_id: row.payMethodId,
    kind: row.kind,
    depart_time: row.departTimeText,
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
  };
}

export interface TripsServiceDeps {
  repository: TripsRepository;
  now: () => Date;
}

export function createTripsService({ repository, now }: TripsServiceDeps) {
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(newSecretToken()));

  return {
    /** A wrong password and an unknown phone get the same answer (and cost the same time). */
    async login(input: AgentLoginRequest): Promise<Result<AgentSession>> {
      const found = await repository.staffByPhone(normalizePhone('', input.phone_number));
      if (!found) {
        await verifyPassword(input.password, await dummy());
        return refuse(401, TRIP_ERROR_KEYS.loginFailed);
      }
      if (!(await verifyPassword(input.password, found.staff.passwordHash))) return refuse(401, TRIP_ERROR_KEYS.loginFailed);
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
            role: staff.role === 'owner' ? 'owner' : 'dispatcher',
            partner_id: staff.partnerId,
            partner_name: found.partnerName,
          },
        },
      };
    },

    /** The staff member a live token belongs to, else null. */
    async staffForToken(token: string | undefined): Promise<StaffRow | null> {
      if (!token) return null;
      return (await repository.staffBySession(sha256(token))) ?? null;
    },

    async tickets(staff: StaffRow, page: number, state?: TripState): Promise<AgentTickets> {
      const { rows, more } = await repository.partnerTickets(staff.partnerId, page, TRIP_PAGE_SIZE, state);
      return { items: rows.map(agentTicket), page, next_page: more ? page + 1 : -1 };
    },

    /** One move of the machine by the partner; a racing call that moved the ticket first makes this one a 409. */
    async transition(staff: StaffRow, input: AgentTransitionRequest): Promise<Result<AgentTransition>> {
      const to = input.to as TripState;
      const row = await repository.partnerTicket(staff.partnerId, input.ticket_code);
      if (!row) return refuse(404, TRIP_ERROR_KEYS.notFound);
      const from = tripStateOf(row);
      if (from === 'awaiting_payment' && to !== 'awaiting_payment') return refuse(409, TRIP_ERROR_KEYS.awaitingPayment);
      if (!canTransition(from, to, 'partner')) return refuse(409, TRIP_ERROR_KEYS.illegalTransition);
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
      });
      if (!updated) return refuse(409, TRIP_ERROR_KEYS.illegalTransition);
      return {
        ok: true,
        data: {
          ticket_code: updated.code,
          from,
          trip_state: to,
          status: updated.status as AgentTransition['status'],
          transaction_status_id: updated.transactionStatusId as AgentTransition['transaction_status_id'],
          at: at.toISOString(),
        },
      };
    },
  };
}

export type TripsService = ReturnType<typeof createTripsService>;
