// How fresh an offline copy is, as the notices say it: "10:32" today, "10:32 5/1/2027" another day (Vietnam time).
import { formatVnDate, formatVnDateTime, formatVnTime } from '../../../shared/domain/vn-time';
import type { SavedTicket } from '../../lib/saved-tickets';

export function freshnessText(at: number, now = Date.now()): string {
  return formatVnDate(at) === formatVnDate(now) ? formatVnTime(at) : formatVnDateTime(at);
}

/** When the newest saved copy was taken, or null with none. */
export function newestSave(tickets: SavedTicket[]): number | null {
  return tickets.reduce<number | null>(
    (newest, saved) => (newest === null || saved.savedAt > newest ? saved.savedAt : newest),
    null,
  );
}
