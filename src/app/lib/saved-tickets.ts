// Tickets kept on the device for offline use (issue 6): every ticket the passenger booked or looked up, as
// get_ticket_info answered it, with the contact that opens it. Kept until the trip is over (at least the 7-day
// local expiry of spec 3), unlike the 2 recent tickets of the booking history.
import type { TicketInfo } from '../../shared/contract/booking';
import { SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';
import { parseVnDateTime } from '../../shared/domain/vn-time';
import { listEntries, readEntry, removeEntry, writeEntry } from './store';

export interface SavedTicket {
  ticket: TicketInfo;
  /** The phone or e-mail the ticket was booked with (ticket-detail's second parameter). */
  contact: string;
  /** When the copy was taken (ms): the offline view says how fresh it is. */
  savedAt: number;
}

const PREFIX = 'ticket:';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A ride's trip is taken to be over this long after its pick-up (an hourly hire: after its hours). */
const RIDE_HOURS = 6;

/** How long a saved ticket is kept: until its trip is over, and never less than the local store's expiry. */
export function savedTicketTtl(ticket: TicketInfo, now = Date.now()): number {
  const depart = parseVnDateTime(ticket.depart_time)?.getTime() ?? now;
  const end = depart + (ticket.duration ?? RIDE_HOURS) * HOUR_MS;
  return Math.max(end - now, SYSTEM_CONFIG_DEFAULTS.local_store_expiry_days * DAY_MS);
}

export function saveTicket(ticket: TicketInfo, contact: string, now = Date.now()): void {
  const saved: SavedTicket = { ticket, contact, savedAt: now };
  writeEntry(PREFIX + ticket.code, saved, savedTicketTtl(ticket, now));
}

export function getSavedTicket(code: string): SavedTicket | null {
  return readEntry<SavedTicket>(PREFIX + code.toUpperCase());
}

/** Newest departure first. */
export function listSavedTickets(): SavedTicket[] {
  const departs = (saved: SavedTicket) => parseVnDateTime(saved.ticket.depart_time)?.getTime() ?? 0;
  return listEntries<SavedTicket>(PREFIX)
    .map((entry) => entry.value)
    .sort((a, b) => departs(b) - departs(a));
}

export function removeSavedTicket(code: string): void {
  removeEntry(PREFIX + code.toUpperCase());
}
