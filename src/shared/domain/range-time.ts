// The pickup window of a flexible booking (spec 3 useRangeTime, spec 7 get_range_time and use_range_time; the spec
// gives no width: docs/decisions.md). The passenger accepts a pickup this many minutes either side of the time they
// chose, which lets a shared ride gather its passengers.
import { formatVnDateTime, parseVnDateTime } from './vn-time';

/** A use_range_time booking may be picked up this many minutes before or after the chosen time. */
export const RANGE_TIME_MINUTES = 15;

/** The window around a departure ("HH:mm d/M/yyyy", Vietnam time), or null when the text is not a time. */
export function rangeWindow(departTime: string): { from: string; to: string; fromAt: Date } | null {
  const at = parseVnDateTime(departTime);
  if (!at) return null;
  const fromAt = new Date(at.getTime() - RANGE_TIME_MINUTES * 60_000);
  return { from: formatVnDateTime(fromAt), to: formatVnDateTime(new Date(at.getTime() + RANGE_TIME_MINUTES * 60_000)), fromAt };
}

/** The window's two ends as the ticket and the partner console show them, or null when the text is not a time. */
export function rangeEnds(departTime: string): { from: string; to: string } | null {
  const window = rangeWindow(departTime);
  return window ? { from: window.from, to: window.to } : null;
}
