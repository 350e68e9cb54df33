// The partner staff member's session, apart from the passenger's account: the token and who is signed in, kept in
// the encrypted local store under 'partner:session' (7 days, as every entry). A passenger logout clears it too
// ('partner:' is one of the store's user-data prefixes), so a shared phone keeps no staff session behind.
import { useMemo, useSyncExternalStore } from 'react';
import type { AgentSession } from '../../../shared/contract/trips';
import { ApiError } from '../../lib/api-client';
import { readEntry, removeEntry, subscribeToStore, writeEntry } from '../../lib/store';

const SESSION_KEY = 'partner:session';
/** The last session ended on a 401 rather than a logout (the login then says why). */
let expired = false;

export function getPartnerSession(): AgentSession | null {
  const session = readEntry<AgentSession>(SESSION_KEY);
  return session && typeof session.token === 'string' && session.token !== '' && session.staff ? session : null;
}

export function savePartnerSession(session: AgentSession): void {
  expired = false;
  writeEntry(SESSION_KEY, session);
}

/** Logout (or a revoked token): the session leaves this device. */
export function clearPartnerSession(): void {
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

/** The signed-in staff member's session, re-rendering on login and logout (also from another tab). */
export function usePartnerSession(): AgentSession | null {
  const current = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is the signal that the session changed
  return useMemo(() => getPartnerSession(), [current]);
}

/** A 401 on a console call (revoked or expired token): the session goes and the login says why. */
export function endSessionIfUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  expired = true;
  clearPartnerSession();
  return true;
}

/** Whether the last session ended on a 401 rather than a logout; a new login forgets it. */
export const sessionExpired = (): boolean => expired;
