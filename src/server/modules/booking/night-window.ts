// Whether an instant falls in the night-booking window (settings, "HH:mm" Vietnam time; the window wraps
// midnight when its start is later than its end, as 22:00–06:00 does).
import { formatVnTime } from '../../../shared/domain/vn-time';

function minutes(hhmm: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return null;
  const value = Number(match[1]) * 60 + Number(match[2]);
  return value < 24 * 60 ? value : null;
}

export function isInNightWindow(at: Date, start: string, end: string): boolean {
  const from = minutes(start);
  const to = minutes(end);
  const now = minutes(formatVnTime(at));
  if (from === null || to === null || now === null || from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}
