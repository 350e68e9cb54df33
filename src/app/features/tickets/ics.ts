// A ticket as an iCalendar file (RFC 5545) for "Add to calendar": one VEVENT in UTC with a reminder
// an hour before the pickup. Lines end in CRLF and are folded at 75 octets (UTF-8, never inside a character); TEXT
// values escape backslash, semicolon, comma and line breaks. An hourly hire lasts its hours; a ride is given 1 hour
// (its real length is not known before the trip).
import { parseVnDateTime } from '../../../shared/domain/vn-time';
import type { TicketInfo } from '../../../shared/contract/tickets';

const HOUR_MS = 60 * 60 * 1000;
/** The length given to a ride (not an hourly hire) in the calendar. */
export const RIDE_EVENT_HOURS = 1;
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

export type IcsTicket = Pick<TicketInfo, 'code' | 'kind' | 'pick_address' | 'drop_address' | 'depart_time' | 'duration'>;

export interface IcsOptions {
  /** The absolute ticket-detail link (the event's URL and the end of its description). */
  url: string;
  /** The description's text before the link, in the passenger's language. */
  description: string;
  /** The reminder's text, in the passenger's language. */
  reminder: string;
  /** When the file is made (DTSTAMP). */
  now?: Date;
}

/** An RFC 5545 TEXT value: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded so that no line is longer than 75 octets of UTF-8: each continuation starts with a space
 * (which counts), and a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** A UTC date-time: 20270105T013000Z. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The event's start and end (UTC instants), or null when the departure time cannot be read. */
export function eventTimes(ticket: Pick<IcsTicket, 'kind' | 'depart_time' | 'duration'>): { start: Date; end: Date } | null {
  const start = parseVnDateTime(ticket.depart_time);
  if (!start) return null;
  const hours = ticket.kind === 'hourly' && ticket.duration ? ticket.duration : RIDE_EVENT_HOURS;
  return { start, end: new Date(start.getTime() + hours * HOUR_MS) };
}

/** "Vivu ABC123: pickup → drop-off" (the pickup alone when there is no drop-off). */
export function eventSummary(ticket: Pick<IcsTicket, 'code' | 'pick_address' | 'drop_address'>): string {
  const trip = ticket.drop_address ? `${ticket.pick_address} → ${ticket.drop_address}` : ticket.pick_address;
  return `Vivu ${ticket.code}: ${trip}`;
}

/** The whole VCALENDAR text, or null when the departure time cannot be read. */
export function buildTicketIcs(ticket: IcsTicket, options: IcsOptions): string | null {
  const times = eventTimes(ticket);
  if (!times) return null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vivu//Ticket//VI',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${ticket.code}@vivu`,
    `DTSTAMP:${icsUtc(options.now ?? new Date())}`,
    `DTSTART:${icsUtc(times.start)}`,
    `DTEND:${icsUtc(times.end)}`,
    `SUMMARY:${escapeText(eventSummary(ticket))}`,
    `LOCATION:${escapeText(ticket.pick_address)}`,
    `DESCRIPTION:${escapeText(`${options.description}\n${options.url}`)}`,
    `URL:${options.url}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(options.reminder)}`,
    'TRIGGER:-PT1H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The download's file name: vivu-ABC123.ics. */
export const icsFileName = (code: string): string => `vivu-${code}.ics`;
