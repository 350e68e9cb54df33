// The night flow (spec 4 "Night booking", spec 8 "Partner refused") and the auto-cancel of a ticket whose payment
// or night check timed out. The partner's answer is computed from timestamps (contacted_at + its policy's delay),
// so no timer runs; every change is a compare-and-set on the state read, so racing calls cannot both win.
import {
  BOOKING_ERROR_KEYS,
  isOnlinePayMethod,
  TICKET_STATUS,
  TRANSACTION_STATUS,
  type NightCheckStatus,
} from '../../../shared/contract/booking';
import { STAFF_ONLINE_SECONDS } from '../../../shared/contract/partners';
import { paymentWindowsOf, windowOfMethod } from '../../../shared/domain/payment-window';
import type { ConfigService } from '../config/service';
import type { TicketRow } from '../../db/schema';
import type { TicketStates } from './ports';
import type { BookingRepository } from './repository-create';
import { refuse } from '../../http/refusal';
import type { BookingRefusal } from './service-tickets';

export interface NightServiceDeps {
  /** The tickets module's reads and changes of a ticket, with the partners' night policies. */
  tickets: TicketStates & Pick<BookingRepository, 'nightPolicy'>;
  config: ConfigService;
  now: () => Date;
}

type Found = { ok: true; row: TicketRow };
const stateOf = (row: TicketRow) => ({
  status: row.status,
  transactionStatusId: row.transactionStatusId,
  nightStatus: row.nightStatus,
});
const secondsSince = (from: Date | null, now: Date) => (from ? (now.getTime() - from.getTime()) / 1000 : 0);

const CHECK_STATUS: Record<string, NightCheckStatus> = {
  pending: 'waiting',
  contacting: 'waiting',
  accepted: 'accepted',
  refused: 'refused',
  expired: 'expired',
  cancelled: 'cancelled',
};

export function createNightService({ tickets, config, now }: NightServiceDeps) {
  async function load(id: number, code: string): Promise<Found | BookingRefusal> {
    const row = await tickets.findByIdAndCode(id, code);
    if (!row) return refuse(404, BOOKING_ERROR_KEYS.ticketNotFound);
    return { ok: true, row };
  }

  async function nightTicket(id: number, code: string): Promise<Found | BookingRefusal> {
    const found = await load(id, code);
    if (!found.ok) return found;
    if (!found.row.isNightBooking) return refuse(409, BOOKING_ERROR_KEYS.notNightBooking);
    return found;
  }

  /** spec 9: the night check lasts up to 180 s (the unit is ours, docs/decisions.md). */
  const checkMaxSeconds = async () => (await config.get()).system.night_booking_check_max_seconds;

  /** Moves a contacted ticket on once its partner's answer is due (accept or refuse) or the check has expired. */
  async function settle(row: TicketRow): Promise<TicketRow> {
    if (row.nightStatus !== 'contacting') return row;
    const at = now();
    const elapsed = secondsSince(row.contactedAt, at);
    const maxSeconds = await checkMaxSeconds();
    // A partner whose staff are online answers from its console; the seeded policy answers for the others.
    const online = await tickets.staffOnline(row.partnerId, new Date(at.getTime() - STAFF_ONLINE_SECONDS * 1000));
    const policy = online ? null : await tickets.nightPolicy(row.partnerId);
    let set: Partial<TicketRow> | null = null;
    if (policy && elapsed >= policy.acceptAfterSeconds && policy.acceptAfterSeconds <= maxSeconds) {
      set =
        policy.mode === 'auto_accept'
          ? {
              nightStatus: 'accepted',
              // A postpaid night booking is done once accepted; an online one still awaits its payment.
              transactionStatusId: isOnlinePayMethod(row.payMethodId) ? row.transactionStatusId : TRANSACTION_STATUS.success,
            }
          : { nightStatus: 'refused' };
    } else if (elapsed >= maxSeconds) {
      set = { nightStatus: 'expired' };
    }
    if (!set) return row;
    // The policy's answer is the partner's, and is told like one made from the console.
    const event =
      set.nightStatus === 'accepted' ? 'partner_accepted' : set.nightStatus === 'refused' ? 'partner_refused' : undefined;
    const changed = await tickets.transition(row.id, stateOf(row), { ...set, nightDecidedAt: at }, event);
    // Another call settled it first: answer what it wrote.
    return changed ?? (await tickets.findByIdAndCode(row.id, row.code)) ?? row;
  }

  return {
    /** spec 7 home/auto_process_ticket: contact the partner (again, with reprocess, after an expiry). */
    async process(id: number, code: string, reprocess: boolean): Promise<Found | BookingRefusal> {
      const found = await nightTicket(id, code);
      if (!found.ok) return found;
      const row = found.row;
      if (row.status !== TICKET_STATUS.pending) return refuse(409, BOOKING_ERROR_KEYS.ticketCancelled);
      const startable = row.nightStatus === 'pending' || (reprocess && row.nightStatus === 'expired');
      if (!startable) return { ok: true, row: await settle(row) };
      const changed = await tickets.transition(row.id, stateOf(row), {
        nightStatus: 'contacting',
        contactedAt: now(),
        nightDecidedAt: null,
      });
      return { ok: true, row: changed ?? (await tickets.findByIdAndCode(id, code)) ?? row };
    },

    /** spec 7 agent/check_night_booking_partner_received: data.result true once the partner accepted. */
    async check(id: number, code: string) {
      const found = await nightTicket(id, code);
      if (!found.ok) return found;
      const row = await settle(found.row);
      const maxSeconds = await checkMaxSeconds();
      const left =
        row.nightStatus === 'pending'
          ? maxSeconds
          : row.nightStatus === 'contacting'
            ? Math.max(0, Math.ceil(maxSeconds - secondsSince(row.contactedAt, now())))
            : 0;
      return {
        ok: true as const,
        data: {
          result: row.nightStatus === 'accepted',
          status: CHECK_STATUS[row.nightStatus] ?? 'waiting',
          seconds_left: left,
        },
      };
    },

    /** spec 7 home/quit_night_booking: the passenger gives up before the partner has accepted. */
    async quit(id: number, code: string): Promise<Found | BookingRefusal> {
      const found = await nightTicket(id, code);
      if (!found.ok) return found;
      const row = await settle(found.row);
      if (row.status === TICKET_STATUS.cancelled) return refuse(409, BOOKING_ERROR_KEYS.ticketCancelled);
      if (row.nightStatus === 'accepted') return refuse(409, BOOKING_ERROR_KEYS.stateChanged);
      const changed = await tickets.transition(
        row.id,
        stateOf(row),
        {
          status: TICKET_STATUS.cancelled,
          transactionStatusId: TRANSACTION_STATUS.cancel,
          nightStatus: 'cancelled',
          tripState: 'cancelled',
          cancelledAt: now(),
        },
        'cancelled',
      );
      return changed ? { ok: true, row: changed } : refuse(409, BOOKING_ERROR_KEYS.stateChanged);
    },

    /**
     * spec 7 passenger/auto_cancel_booking: cancels only a ticket that did time out: an online payment still
     * processing after the payment window (spec 9: 5 minutes) or past its departure (transaction 99 timeout), or a
     * night booking the partner refused or never answered (transaction 4 cancel).
     */
    async autoCancel(id: number, code: string): Promise<Found | BookingRefusal> {
      const found = await load(id, code);
      if (!found.ok) return found;
      const row = await settle(found.row);
      if (row.status === TICKET_STATUS.cancelled) return refuse(409, BOOKING_ERROR_KEYS.ticketCancelled);
      const at = now();
      const windowMinutes = windowOfMethod(paymentWindowsOf((await config.get()).system), row.payMethodId);
      const processing = row.transactionStatusId === TRANSACTION_STATUS.processing;
      const paymentTimedOut =
        processing &&
        isOnlinePayMethod(row.payMethodId) &&
        row.nightStatus !== 'contacting' &&
        row.nightStatus !== 'pending' &&
        // The payment window of an accepted night booking opens at the partner's acceptance.
        (at.getTime() - (row.nightDecidedAt ?? row.createdAt).getTime() >= windowMinutes * 60_000 ||
          row.departAt.getTime() <= at.getTime());
      const nightFailed = row.nightStatus === 'refused' || row.nightStatus === 'expired';
      if (!paymentTimedOut && !nightFailed) return refuse(409, BOOKING_ERROR_KEYS.notTimedOut);
      const changed = await tickets.transition(
        row.id,
        stateOf(row),
        {
          status: TICKET_STATUS.cancelled,
          transactionStatusId: nightFailed ? TRANSACTION_STATUS.cancel : TRANSACTION_STATUS.timeout,
          tripState: 'cancelled',
          cancelledAt: at,
        },
        'cancelled',
      );
      return changed ? { ok: true, row: changed } : refuse(409, BOOKING_ERROR_KEYS.stateChanged);
    },
  };
}

export type NightService = ReturnType<typeof createNightService>;
