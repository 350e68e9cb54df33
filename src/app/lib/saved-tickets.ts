// Tickets kept on the device for offline use: every ticket the passenger booked or looked up, as
// get_ticket_info answered it, with the contact that opens it. Kept until the trip is over (at least the 7-day
// local expiry of spec 9, local_store_expiry_days), unlike the 2 recent tickets of the booking history.
import { parseVnDateTime } from '../../shared/domain/vn-time';
import { localStoreExpiryMs } from './store';
import { listEntries, readEntry, removeEntry, writeEntry } from './store-keys';
import type { TicketInfo } from '../../shared/contract/tickets';

// The local store's prefixes this file owns, in the registry of store-keys.ts.
declare module './store-keys' {
  interface StorePrefixes {
    'ticket:': SavedTicket;
    'driver:': SavedDriver;
  }
}

export interface SavedTicket {
  ticket: TicketInfo;
  /** The phone or e-mail the ticket was booked with (ticket-detail's second parameter). */
  contact: string;
  /** When the copy was taken (ms): the offline view says how fresh it is. */
  savedAt: number;
}

const PREFIX = 'ticket:';
const HOUR_MS = 60 * 60 * 1000;
/** A ride's trip is taken to be over this long after its pick-up (an hourly hire: after its hours). */
const RIDE_HOURS = 6;

/** How long a saved ticket is kept: until its trip is over, and never less than the local store's expiry. */
export function savedTicketTtl(ticket: TicketInfo, now = Date.now()): number {
  const depart = parseVnDateTime(ticket.depart_time)?.getTime() ?? now;
  const end = depart + (ticket.duration ?? RIDE_HOURS) * HOUR_MS;
  return Math.max(end - now, localStoreExpiryMs());
}

export function saveTicket(ticket: TicketInfo, contact: string, now = Date.now()): void {
  const saved: SavedTicket = { ticket, contact, savedAt: now };
  writeEntry(`${PREFIX}${ticket.code}`, saved, savedTicketTtl(ticket, now));
}

export function getSavedTicket(code: string): SavedTicket | null {
  return readEntry(`${PREFIX}${code.toUpperCase()}`);
}

/** Newest departure first. */
export function listSavedTickets(): SavedTicket[] {
  const departs = (saved: SavedTicket) => parseVnDateTime(saved.ticket.depart_time)?.getTime() ?? 0;
  return listEntries(PREFIX)
    .map((entry) => entry.value)
    .sort((a, b) => departs(b) - departs(a));
}

export function removeSavedTicket(code: string): void {
  removeEntry(`${PREFIX}${code.toUpperCase()}`);
}

/** The driver and car of a ticket, kept in the store's drivers table as long as its saved ticket. */
export type SavedDriver = Pick<
  TicketInfo,
  'driver_name' | 'driver_phone' | 'driver_plate' | 'driver_photo_url' | 'driver_car_name'
>;

const DRIVER_PREFIX = 'driver:';

/** Keeps the ticket's driver when it has one (logout clears 'driver:' entries). */
export function saveDriver(ticket: TicketInfo, now = Date.now()): void {
  if (!ticket.driver_name) return;
  const driver: SavedDriver = {
    driver_name: ticket.driver_name,
    driver_phone: ticket.driver_phone,
    driver_plate: ticket.driver_plate,
    driver_photo_url: ticket.driver_photo_url ?? null,
    driver_car_name: ticket.driver_car_name ?? null,
  };
  writeEntry(`${DRIVER_PREFIX}${ticket.code}`, driver, savedTicketTtl(ticket, now));
}

export function getSavedDriver(code: string): SavedDriver | null {
  return readEntry(`${DRIVER_PREFIX}${code.toUpperCase()}`);
}

/** A saved ticket with its kept driver filled in where the copy lacks one. */
export function withSavedDriver(ticket: TicketInfo): TicketInfo {
  if (ticket.driver_name) return ticket;
  const driver = getSavedDriver(ticket.code);
  return driver?.driver_name ? { ...ticket, ...driver } : ticket;
}

/** When the newest saved copy was taken, or null with none. */
export function newestSave(tickets: SavedTicket[]): number | null {
  return tickets.reduce<number | null>(
    (newest, saved) => (newest === null || saved.savedAt > newest ? saved.savedAt : newest),
    null,
  );
}
