// The calls beside a booking: the live booking count, the pickup window of a range-time booking, and the billing
// form's unfinished bookings and the side menu's quick bookings (save_pending; the partners module lists the quick
// ones to the transport partners).
import {
  LIVE_BOOKING_CACHE_MS,
  RANGE_TIME_MINUTES,
  type LiveBookingCount,
  type RangeTime,
  type SavePendingInput,
} from '../../../shared/contract/booking';
import type { QuickBookingInput } from '../../../shared/contract/partners';
import { normalizePhone } from '../../../shared/domain/phone';
import { rangeWindow } from '../../../shared/domain/range-time';
import { SYSTEM_CONFIG_DEFAULTS, systemValue, type SystemConfig } from '../../../shared/domain/system-config';
import { formatVnDateTime, parseVnDateTime, vnStartOfDay } from '../../../shared/domain/vn-time';
import { cached } from '../../http/cached';
import type { Logger } from '../../http/errors';
import type { LiveRepository } from './live-repository';
import type { TicketCounts } from './ports';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Unfinished bookings are kept 30 days (contact details of people who did not book). */
export const PENDING_KEEP_DAYS = 30;
/** A quick booking whose depart time is still ahead outlives PENDING_KEEP_DAYS, but never this long after its save. */
export const QUICK_BOOKING_KEEP_MAX_DAYS = 366;

export interface LiveServiceDeps {
  repository: LiveRepository;
  /** The tickets module's counts of the live booking count. */
  tickets: TicketCounts;
  log: Logger;
  now: () => Date;
  /** The live spec 9 values (the config service's cached snapshot); the spec's defaults without one. */
  system?: () => Promise<SystemConfig>;
}

export function createLiveService(deps: LiveServiceDeps) {
  const { repository, tickets, log, now } = deps;
  const system = deps.system ?? (() => Promise.resolve({ ...SYSTEM_CONFIG_DEFAULTS }));

  // The live count: the first ticket id of the day (less an hour) is found once a day, then each count is a range
  // scan of the primary key over today's tickets; the answer is shared for LIVE_BOOKING_CACHE_MS.
  let boundary: { dayStart: number; afterId: number } | null = null;
  async function ticketIdBoundary(dayStart: Date): Promise<number> {
    if (boundary?.dayStart !== dayStart.getTime()) {
      const afterId = await tickets.lastTicketIdBefore(new Date(dayStart.getTime() - HOUR_MS));
      boundary = { dayStart: dayStart.getTime(), afterId };
    }
    return boundary.afterId;
  }
  const liveCount = cached<LiveBookingCount>(async () => {
    const at = now();
    const today = vnStartOfDay(at);
    const counts = await tickets.countTicketsSince(await ticketIdBoundary(today), {
      today,
      lastHour: new Date(at.getTime() - HOUR_MS),
    });
    const refreshMs = systemValue(await system(), 'live_booking_refresh_ms');
    return { today: counts.today, last_hour: counts.lastHour, refresh_ms: refreshMs, as_of: at.toISOString() };
  }, LIVE_BOOKING_CACHE_MS);

  let lastPurge = 0;
  async function purgePending(at: Date) {
    if (at.getTime() - lastPurge < HOUR_MS) return;
    lastPurge = at.getTime();
    await repository.deletePendingBefore(
      new Date(at.getTime() - PENDING_KEEP_DAYS * DAY_MS),
      at,
      new Date(at.getTime() - QUICK_BOOKING_KEEP_MAX_DAYS * DAY_MS),
    );
  }

  return {
    liveBookingCount: () => liveCount.get(),

    /**
     * A booking sent with use_range_time lets the driver pick up within RANGE_TIME_MINUTES either side of the chosen
     * time (shared rides gather passengers; private rides may use it for a cheaper slot). Not offered when the
     * window would start in the past.
     */
    rangeTime(departTime: string): RangeTime {
      const window = rangeWindow(departTime) ?? rangeWindow(formatVnDateTime(now()));
      return {
        minutes_before: RANGE_TIME_MINUTES,
        minutes_after: RANGE_TIME_MINUTES,
        from: window?.from ?? '',
        to: window?.to ?? '',
        available: window ? window.fromAt.getTime() > now().getTime() : false,
      };
    },

    async savePending(input: SavePendingInput, ip: string) {
      const at = now();
      await repository.savePending(
        {
          ticketSession: input.ticket_session,
          sessionId: input.session_id,
          fullname: input.fullname,
          phone: input.phone ? normalizePhone(input.phone_code, input.phone) : '',
          email: input.email.toLowerCase(),
          trip: {
            pick_address: input.pick_address,
            drop_address: input.drop_address,
            depart_time: input.depart_time,
            vehicle_id: input.vehicle_id ?? null,
            brand_partner_id: input.brand_partner_id ?? null,
            merged: input.merged ?? null,
          },
          lang: input.lang,
          ip,
        },
        at,
      );
      await purgePending(at).catch((error: unknown) => log.error('pending purge failed', { error: String(error) }));
      return { saved: true };
    },

    /** The side menu's quick booking: a pending row of kind 'quick' that transport partners list and one takes. */
    async saveQuickBooking(input: QuickBookingInput, ip: string) {
      const at = now();
      const saved = await repository.savePending(
        {
          ticketSession: input.ticket_session,
          kind: 'quick',
          fullname: input.fullname,
          phone: normalizePhone(input.phone_code, input.phone),
          departAt: parseVnDateTime(input.depart_time),
          trip: {
            pick_address: input.pick_address,
            drop_address: input.drop_address,
            depart_time: input.depart_time,
            seats: input.seats ?? null,
            vehicle_id: input.vehicle_id ?? null,
            note: input.note,
          },
          lang: input.lang,
          ip,
        },
        at,
      );
      await purgePending(at).catch((error: unknown) => log.error('pending purge failed', { error: String(error) }));
      return { saved };
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
