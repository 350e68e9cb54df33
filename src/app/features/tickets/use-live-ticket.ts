// An open ticket (its page, the success page) learns of a partner's or a driver's change within seconds:
// the server's stream of the ticket (passenger/ticket_events, Server-Sent Events read with fetch), reconnected when it
// ends or drops; where the stream cannot be had, a lookup every few seconds instead. Nothing runs while the page is
// hidden or offline; coming back (visible, online) looks the ticket up at once and reconnects. A push about the ticket
// refreshes it too.
import { useEffect, useRef } from 'react';
import { TICKET_KEY_HEADER } from '../../../shared/contract/booking';
import type { Lang } from '../../../shared/domain/route-table';
import { ApiError, apiEvents } from '../../lib/api-client';
import { isOnline } from '../../lib/use-online';
import { contactParams } from './api';
import { TICKET_LOOKUP_PATHS, ticketInfoSchema, type TicketInfo } from '../../../shared/contract/tickets';

/** The fallback's lookups: often with the ticket's key (never counted), once a minute by contact (30 per 10 minutes). */
export const LIVE_POLL_MS = { key: 5_000, contact: 60_000 } as const;

export interface LiveTicketOptions {
  code: string;
  /** The phone or e-mail it was booked with (the ticket page's second parameter). */
  contact: string;
  lang: Lang;
  /** The ticket's key, when this device booked it: the proof that costs no lookup. */
  ticketKey?: string;
  /** Whether the ticket can still change (not cancelled or finished) and should be followed. */
  active: boolean;
  /** A newer copy of the ticket from the stream. */
  onTicket(ticket: TicketInfo): void;
  /** Looks the ticket up again (on coming back, and as the fallback). */
  refresh(): void;
}

export function useLiveTicket({ code, contact, lang, ticketKey, active, onTicket, refresh }: LiveTicketOptions): void {
  const handlers = useRef({ onTicket, refresh });
  useEffect(() => {
    handlers.current = { onTicket, refresh };
  }, [onTicket, refresh]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let controller: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;
    let failures = 0;
    const visible = () => document.visibilityState === 'visible';

    const stopAll = () => {
      controller?.abort();
      controller = null;
      if (retry !== null) clearTimeout(retry);
      if (poll !== null) clearInterval(poll);
      retry = null;
      poll = null;
    };
    const startPolling = () => {
      if (poll !== null) return;
      poll = setInterval(
        () => {
          if (visible() && isOnline()) handlers.current.refresh();
        },
        ticketKey ? LIVE_POLL_MS.key : LIVE_POLL_MS.contact,
      );
    };
    const connect = () => {
      if (stopped || controller || !visible() || !isOnline()) return;
      const mine = new AbortController();
      controller = mine;
      apiEvents(TICKET_LOOKUP_PATHS.ticketEvents, {
        query: { ticket_code: code, lang, ...(ticketKey ? {} : contactParams(contact)) },
        headers: ticketKey ? { [TICKET_KEY_HEADER]: ticketKey } : {},
        signal: mine.signal,
        onEvent: (name, data) => {
          if (name !== 'ticket') return;
          failures = 0;
          if (poll !== null) {
            clearInterval(poll);
            poll = null;
          }
          try {
            handlers.current.onTicket(ticketInfoSchema.validateSync(JSON.parse(data)));
          } catch {
            handlers.current.refresh();
          }
        },
      })
        .then(
          // The server ends a stream after a few minutes: the next one at once.
          () => 0,
          (error: unknown) => {
            if (mine.signal.aborted) return null;
            failures += 1;
            // A refusal (a wrong proof, too many lookups) will not mend by asking again: the lookups take over.
            if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
            if (failures >= 2) startPolling();
            return Math.min(30_000, 1000 * 2 ** failures);
          },
        )
        .then((delay) => {
          if (controller === mine) controller = null;
          if (delay === null) {
            if (!mine.signal.aborted) startPolling();
            return;
          }
          if (!stopped) retry = setTimeout(connect, delay);
        });
    };
    const wake = () => {
      if (!visible() || !isOnline()) {
        stopAll();
        return;
      }
      handlers.current.refresh();
      connect();
    };

    connect();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
    window.addEventListener('focus', wake);
    return () => {
      stopped = true;
      stopAll();
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
      window.removeEventListener('focus', wake);
    };
  }, [active, code, contact, lang, ticketKey]);
}

// Refreshes a ticket on screen when its news arrives by push: the service worker (sw/push.ts) posts
// {type: 'TICKET_UPDATED', ticket_code} to every open page of the app.
export const TICKET_UPDATED = 'TICKET_UPDATED';

/** The code of a TICKET_UPDATED message, or null for any other message. */
export function updatedTicketCode(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, ticket_code: code } = data as { type?: unknown; ticket_code?: unknown };
  return type === TICKET_UPDATED && typeof code === 'string' ? code.toUpperCase() : null;
}

export function useTicketUpdates(code: string, onUpdate: () => void): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    if (!code || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const listener = (event: MessageEvent) => {
      if (updatedTicketCode(event.data) === code.toUpperCase()) latest.current();
    };
    container.addEventListener('message', listener);
    return () => container.removeEventListener('message', listener);
  }, [code]);
}
