// The business partner's session, apart from the passenger's account and the transport partner's console: the token
// and the company, kept in the encrypted local store under 'partner:business' (7 days, as every entry). A passenger
// logout clears it too ('partner:' is one of the store's user-data prefixes), so a shared phone keeps no business
// session behind.
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { readEntry, removeEntry, subscribeToStore, writeEntry } from '../../lib/store';

export interface BusinessSession {
  token: string;
  companyName: string;
  email: string;
}

const SESSION_KEY = 'partner:business';
/** The last session ended on a 401 rather than a sign-out (the login then says why). */
let expired = false;

export function getBusinessSession(): BusinessSession | null {
  const session = readEntry<BusinessSession>(SESSION_KEY);
  return session && typeof session.token === 'string' && session.token !== '' ? session : null;
}

export function saveBusinessSession(session: BusinessSession): void {
  expired = false;
  writeEntry(SESSION_KEY, session);
}

export function clearBusinessSession(): void {
  removeEntry(SESSION_KEY);
}

let version = 0;
subscribeToStore((key) => {
  if (key === SESSION_KEY) version += 1;
});

function subscribe(listener: () => void): () => void {
  return subscribeToStore((key) => {
    if (key === SESSION_KEY) listener();
  });
}

/** The signed-in business partner's session, re-rendering on sign-in and sign-out (also from another tab). */
export function useBusinessSession(): BusinessSession | null {
  const current = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is the signal that the session changed
  return useMemo(() => getBusinessSession(), [current]);
}

/** A 401 on a business call (expired or unknown token): the session goes and the login says why. */
export function endBusinessSessionIfUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  expired = true;
  clearBusinessSession();
  return true;
}

export const businessSessionExpired = (): boolean => expired;
