// A ticket row as the contract's ticket info (get_ticket_info, the live stream): database rows never go over the
// wire as they are.
import { TRANSACTION_STATUS, TICKET_STATUS } from '../../../shared/contract/booking';
import type { AssignedDriver } from '../../../shared/contract/partners';
import { rangeEnds } from '../../../shared/domain/range-time';
import { driverDistance, POSITION_FRESH_MS } from '../../../shared/domain/driver-distance';
import type { TicketRow } from '../../db/schema';
import { amountsOf, asNightStatus, asTicketStatus, asTransactionStatus } from '../../http/ticket-wire';
import { tripStateOf } from './trip-state';
import { MAP_COORDINATE_DECIMALS, type MessageState, type TicketInfo, type TicketRating } from '../../../shared/contract/tickets';

/**
 * spec 4: cancellation is allowed only if the transaction is not cancelled and departure is in the future (and the
 * trip has not begun or ended: only a pending ticket; service-cancel.ts cancelBlock says why not).
 */
export function canCancel(row: TicketRow, now: Date): boolean {
  return (
    row.transactionStatusId !== TRANSACTION_STATUS.cancel &&
    row.status === TICKET_STATUS.pending &&
    row.departAt.getTime() > now.getTime()
  );
}

/** The gazetteer id of a stored address component ('' when it has none), for the quick rebook. */
/** The pick-up's coordinates from the place the passenger chose (its geometry), if it has them. */
function locationOf(component: unknown): { lat: number; lng: number } | null {
  const location = (component as { geometry?: { location?: { lat?: unknown; lng?: unknown } } } | null)?.geometry?.location;
  const lat = Number(location?.lat);
  const lng = Number(location?.lng);
  return location && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

const MAP_SCALE = 10 ** MAP_COORDINATE_DECIMALS;
const mapPoint = ({ lat, lng }: { lat: number; lng: number }) => ({
  lat: Math.round(lat * MAP_SCALE) / MAP_SCALE,
  lng: Math.round(lng * MAP_SCALE) / MAP_SCALE,
});

/** The driver's distance from the pick-up, from a position shared less than POSITION_FRESH_MS ago; else null. */
function distanceView(
  pickComponent: unknown,
  position: { lat: number; lng: number; recordedAt: Date } | null | undefined,
  now: Date,
): TicketInfo['driver_position'] {
  const pickup = locationOf(pickComponent);
  if (!position || !pickup || now.getTime() - position.recordedAt.getTime() > POSITION_FRESH_MS) return null;
  const { metres, minutes } = driverDistance(position, pickup);
  // The map's two points, no finer than MAP_COORDINATE_DECIMALS: the page draws them, nothing else needs more.
  return {
    metres,
    minutes,
    updated_at: position.recordedAt.toISOString(),
    driver: mapPoint(position),
    pickup: mapPoint(pickup),
  };
}

function placeIdOf(component: unknown): string {
  if (!component || typeof component !== 'object') return '';
  const id = (component as { place_id?: unknown }).place_id;
  return typeof id === 'string' ? id : '';
}

/** A gazetteer place's address in a language, or null for a place outside it. */
export type PlaceAddress = (placeId: string, lang: 'vi' | 'en') => string | null;

/**
 * A booked address in the page's language. A gazetteer place booked as its own address is named in the page's
 * language; on an English page the Vietnamese follows in brackets, as the driver and the street signs read it. An
 * address the passenger wrote, or a place outside the gazetteer, stays as booked.
 */
export function addressIn(stored: string, placeId: string, lang: string, placeAddress: PlaceAddress): string {
  if (!stored || !placeId) return stored;
  const vi = placeAddress(placeId, 'vi');
  const en = placeAddress(placeId, 'en');
  if (!vi || !en || (stored !== vi && stored !== en)) return stored;
  return lang === 'en' ? (en === vi ? en : `${en} (${vi})`) : vi;
}

/** The status of each channel's message, as the passenger is told it (a claimed one is still pending). */
export function messagesView(rows: { channel: string; status: string }[]): TicketInfo['messages'] {
  const view: Partial<Record<'sms' | 'mail' | 'push' | 'zalo', MessageState>> = {};
  for (const { channel, status } of rows) {
    if (channel !== 'sms' && channel !== 'mail' && channel !== 'push' && channel !== 'zalo') continue;
    view[channel] = status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'pending';
  }
  return view;
}

export function ticketInfo(
  row: TicketRow,
  names: { partnerName: string; vehicleVi: string; vehicleEn: string },
  lang: string,
  now: Date,
  extras: {
    driver: AssignedDriver | null;
    rating: TicketRating | null;
    paidOnCredit?: boolean;
    messages?: { channel: string; status: string }[];
    position?: { lat: number; lng: number; recordedAt: Date } | null;
  } = { driver: null, rating: null },
): TicketInfo {
  const tripState = tripStateOf(row);
  // A cancelled ticket no longer shows the driver who would have come.
  const driver = tripState === 'cancelled' ? null : extras.driver;
  return {
    code: row.code,
    kind: row.kind === 'hourly' ? 'hourly' : 'ride',
    status: asTicketStatus(row.status),
    transaction_status_id: asTransactionStatus(row.transactionStatusId),
    pay_method_id: row.payMethodId,
    paid_on_credit: extras.paidOnCredit ?? false,
    fullname: row.fullname,
    phone: row.phone,
    email: row.email,
    pick_address: row.pickAddress,
    drop_address: row.dropAddress,
    pick_place_id: placeIdOf(row.pickComponent),
    drop_place_id: placeIdOf(row.dropComponent),
    depart_time: row.departTime,
    range_time: row.useRangeTime ? rangeEnds(row.departTime) : null,
    dimension_id: row.dimensionId,
    ride_method_id: row.rideMethodId,
    vehicle_id: row.vehicleId,
    vehicle_name: lang === 'en' ? names.vehicleEn : names.vehicleVi,
    chair: row.chair,
    duration: row.duration,
    partner_id: row.partnerId,
    partner_name: names.partnerName,
    plane_number: row.planeNumber,
    plane_type: row.planeType,
    by_board: row.byBoard,
    comment: row.comment,
    promotion_code: row.promotionCode,
    vat: row.vat,
    amounts: amountsOf(row),
    driver_name: driver?.fullname ?? null,
    driver_phone: driver?.phone ?? null,
    driver_plate: driver?.plate ?? null,
    driver_photo_url: driver?.photo_url ?? null,
    driver_car_name: driver?.car_name ?? null,
    trip_state: tripState,
    driver_position: tripState === 'trip_started' ? distanceView(row.pickComponent, extras.position, now) : null,
    rating: extras.rating,
    can_rate: tripState === 'trip_completed' && extras.rating === null,
    created_at: row.createdAt.toISOString(),
    is_night_booking: row.isNightBooking,
    night_status: asNightStatus(row.nightStatus),
    can_cancel: canCancel(row, now),
    cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    ...(extras.messages ? { messages: messagesView(extras.messages) } : {}),
  };
}
