// The saved tickets (saved-tickets.ts), re-read whenever one of them changes in the store (this tab or another);
// the home page's saved tickets and the offline banner read them. The server's HTML has none: the render that
// hydrates it shows none either, and this device's follow right after.
import { useEffect, useState } from 'react';
import { listSavedTickets, type SavedTicket } from './saved-tickets';
import { subscribeToStore } from './store';
import { useHydrating } from './use-hydrating';

const NONE: SavedTicket[] = [];

export function useSavedTickets(): SavedTicket[] {
  const hydrating = useHydrating();
  const [tickets, setTickets] = useState(listSavedTickets);
  useEffect(
    () =>
      subscribeToStore((key) => {
        if (key.startsWith('ticket:')) setTickets(listSavedTickets());
      }),
    [],
  );
  return hydrating ? NONE : tickets;
}
