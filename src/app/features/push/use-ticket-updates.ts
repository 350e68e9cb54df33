// Refreshes a ticket on screen when its news arrives by push: the service worker (sw/push.ts) posts
// {type: 'TICKET_UPDATED', ticket_code} to every open page of the app.
import { useEffect, useRef } from 'react';

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
