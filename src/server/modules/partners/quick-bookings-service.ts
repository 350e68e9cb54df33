// The quick bookings as the transport partners see them (the side menu's quick booking, saved by booking's
// save_pending): listed to every partner without the passenger's contact until one takes it.
import {
  QUICK_BOOKING_ERROR_KEYS,
  QUICK_BOOKING_LIST_PAST_HOURS,
  QUICK_BOOKING_PAGE_SIZE,
  type StaffQuickBooking,
  type StaffQuickBookings,
} from '../../../shared/contract/partners';
import type { Lang } from '../../../shared/domain/route-table';
import { cached } from '../../http/cached';
import { refuse, type Refusal } from '../../http/refusal';
import type { QuickBookingDesk, QuickBookingRow } from '../booking/module';

const HOUR_MS = 60 * 60 * 1000;

/** A quick booking as one partner sees it: the passenger's contact only once this partner took it. */
export function staffQuickBooking(
  row: QuickBookingRow,
  partnerId: number,
  names: Map<number, { vi: string; en: string }>,
  lang: Lang,
): StaffQuickBooking {
  const trip = (row.trip ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof trip[key] === 'string' ? trip[key] : '');
  const whole = (key: string) => (typeof trip[key] === 'number' && Number.isInteger(trip[key]) ? trip[key] : null);
  const vehicleId = whole('vehicle_id');
  const state = row.takenByPartnerId === null ? 'open' : row.takenByPartnerId === partnerId ? 'mine' : 'taken';
  return {
    id: row.id,
    pick_address: text('pick_address'),
    drop_address: text('drop_address'),
    depart_time: (row.departAt ?? row.createdAt).toISOString(),
    seats: whole('seats'),
    vehicle_id: vehicleId,
    vehicle_name: vehicleId === null ? '' : (names.get(vehicleId)?.[lang] ?? ''),
    note: text('note'),
    created_at: row.createdAt.toISOString(),
    state,
    fullname: state === 'mine' ? row.fullname : null,
    phone: state === 'mine' ? row.phone : null,
  };
}

export function createQuickBookingsService({
  repository,
  now,
  vehicleTypeNames,
}: {
  /** The booking module's quick bookings (save_pending's rows). */
  repository: QuickBookingDesk;
  now: () => Date;
  /** The pricing module's vehicle type names by id. */
  vehicleTypeNames: () => Promise<Map<number, { vi: string; en: string }>>;
}) {
  // Vehicle type names change with a migration or an operator's edit, not per request: read every 5 minutes.
  const vehicleNames = cached(vehicleTypeNames, 5 * 60_000);
  const quickListedAfter = () => new Date(now().getTime() - QUICK_BOOKING_LIST_PAST_HOURS * HOUR_MS);

  return {
    /** The quick bookings a partner's staff sees: listed until QUICK_BOOKING_LIST_PAST_HOURS after departure. */
    async quickBookings(partnerId: number, page: number, lang: Lang): Promise<StaffQuickBookings> {
      const [{ rows, more }, names] = await Promise.all([
        repository.quickBookings(quickListedAfter(), page, QUICK_BOOKING_PAGE_SIZE),
        vehicleNames.get(),
      ]);
      return {
        items: rows.map((row) => staffQuickBooking(row, partnerId, names, lang)),
        page,
        next_page: more ? page + 1 : -1,
      };
    },

    /** The partner takes a quick booking: its contact, or 404 (unknown, not listed) / 409 (another partner took it). */
    async takeQuickBooking(
      partnerId: number,
      id: number,
      lang: Lang,
    ): Promise<{ ok: true; data: StaffQuickBooking } | Refusal<404 | 409>> {
      const after = quickListedAfter();
      const row = await repository.takeQuickBooking(id, partnerId, after, now());
      if (row) return { ok: true, data: staffQuickBooking(row, partnerId, await vehicleNames.get(), lang) };
      const exists = await repository.quickBooking(id, after);
      return exists ? refuse(409, QUICK_BOOKING_ERROR_KEYS.taken) : refuse(404, QUICK_BOOKING_ERROR_KEYS.notFound);
    },
  };
}

export type QuickBookingsService = ReturnType<typeof createQuickBookingsService>;
