// spec 3 user record "session id": one random id per browser, sent with every booking (spec 7 session_id,
// always), which the anti-fraud pre-check counts by.
import { readEntry, writeEntry } from './store-keys';

const KEY = 'session-id';

export function sessionId(): string {
  const existing = readEntry(KEY);
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeEntry(KEY, id, null);
  return id;
}

/** A new idempotency key for one booking attempt (spec 7 ticket_session). */
export function newTicketSession(): string {
  return crypto.randomUUID();
}
