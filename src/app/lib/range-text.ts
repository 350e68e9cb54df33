// How a flexible pickup window (spec 3) reads; kept here, not with the billing form's query, because the ticket
// details and the partner console show it too.
/** "08:45 – 09:15" for a window within one day, the full ends otherwise ("HH:mm d/M/yyyy"). */
export function rangeText(range: { from: string; to: string }): string {
  const [fromTime, fromDay] = range.from.split(' ');
  const [toTime, toDay] = range.to.split(' ');
  return fromDay === toDay ? `${fromTime} – ${toTime}` : `${range.from} – ${range.to}`;
}
