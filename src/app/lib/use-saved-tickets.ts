// The saved tickets (saved-tickets.ts), re-read whenever one of them changes in the store (this tab or another);
// the home page's saved tickets and the offline banner read them.
import { useEffect, useState } from 'react';
import { listSavedTickets, type SavedTicket } from './saved-tickets';
import { subscribeToStore } from './store';

export function useSavedTickets(): SavedTicket[] {
  const [tickets, setTickets] = useState(listSavedTickets);
  useEffect(
    () =>
      subscribeToStore((key) => {
        if (key.startsWith('ticket:')) setTickets(listSavedTickets());
      }),
    [],
  );
  return tickets;
}
