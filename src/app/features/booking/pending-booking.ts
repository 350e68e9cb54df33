// The booking between its creation and its end: the ticket's code and key, the history entry it becomes and what was
// sent, kept in the store so that it survives the trip to the payment gateway. `finishBooking` is the one way a
// booking ends well, whether it was paid in cash, accepted at night or paid online (spec 4).
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { AnyBookingPayload } from '../../../shared/contract/booking';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { ticketResultLink } from '../../../shared/domain/ticket-result-link';
import { configQueries } from '../../lib/config-queries';
import { routerLink } from '../../lib/route-paths';
import { BILLING_DRAFT_KEY, readEntry, removeEntry, writeEntry } from '../../lib/store-keys';
import { useLang } from '../../lib/use-lang';
import { rememberPassenger } from './billing';
import { clearPartnerChoice } from './booking-draft';
import { addToHistory, type HistoryEntry } from './history';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'pending-booking': PendingBooking;
  }
}

const PENDING_KEY = 'pending-booking';

export interface SubmitMeta {
  kind: 'ride' | 'hourly';
  online: boolean;
  entry: Omit<HistoryEntry, 'code' | 'at'>;
}

export interface PendingBooking {
  code: string;
  /** The ticket's access key from the create answer: the proof of every later call on it. */
  key: string;
  entry: Omit<HistoryEntry, 'code' | 'at'>;
  /** What was sent, for a retry after the page came back from the gateway. */
  payload: AnyBookingPayload;
  meta: SubmitMeta;
  /**
   * The reference of the payment attempt this device last sent the passenger to the gateway for: the browser's Back
   * from the gateway names it to the server (abandon_attempt), which closes it if it is still unpaid.
   */
  attempt?: string;
}

/** The attempt waiting for its payment or partner, if any (it survives the trip to the gateway). */
export function readPendingBooking(): PendingBooking | null {
  return readEntry(PENDING_KEY);
}

/** This device's pending booking of the ticket `code`, with its key; else null. */
export function pendingBookingOf(code: string): PendingBooking | null {
  const found = readPendingBooking();
  return found && found.code === code && found.key ? found : null;
}

/** The pending booking of a ticket: kept for the calls that continue it (payment, change of method, cancel). */
export function keepPendingBooking(pending: PendingBooking): void {
  writeEntry(PENDING_KEY, pending);
}

/** The payment attempt `ref` the browser is about to leave for, kept with the pending booking of ticket `code`. */
export function keepPaymentAttempt(code: string, ref: string): void {
  const pending = readEntry(PENDING_KEY);
  if (pending && pending.code === code) writeEntry(PENDING_KEY, { ...pending, attempt: ref });
}

/** The attempt is over without a booking to keep (its ticket cancelled). */
export function dropPendingBooking(): void {
  removeEntry(PENDING_KEY);
}

/**
 * A booking done (paid, or cash): the ticket moves into the stored history (spec 4: capped, `kept`) with its key,
 * the pending booking is removed, and so are the partner choice and what was typed in the billing form (the
 * passenger's own details are kept for the next booking). Answers the history entry.
 */
export function finishBooking(pending: PendingBooking, kept: number): HistoryEntry {
  const entry: HistoryEntry = { ...pending.entry, code: pending.code, key: pending.key, at: Date.now() };
  addToHistory(entry, kept);
  removeEntry(PENDING_KEY);
  clearPartnerChoice();
  rememberPassenger();
  removeEntry(BILLING_DRAFT_KEY);
  return entry;
}

/** `finishBooking`, then on to the booking's success page (the ride's or the hourly hire's), in place of this page. */
export function useFinishBooking(): (pending: PendingBooking) => void {
  const lang = useLang();
  const navigate = useNavigate();
  // spec 9 recent_tickets_kept from the served config, read when a booking finishes.
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const kept = useRef(system.recent_tickets_kept);
  useEffect(() => {
    kept.current = system.recent_tickets_kept;
  }, [system.recent_tickets_kept]);
  return useCallback(
    (pending: PendingBooking) => {
      const entry = finishBooking(pending, kept.current);
      const route = pending.meta.kind === 'hourly' ? 'hourly-booking-success' : 'booking-success';
      void navigate({
        ...routerLink(ticketResultLink(route, lang, { code: entry.code, contact: entry.contact })),
        replace: true,
      });
    },
    [lang, navigate],
  );
}
