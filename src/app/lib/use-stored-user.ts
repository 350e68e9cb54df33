import { useMemo, useSyncExternalStore } from 'react';
import { getStoredUser, subscribeToUser, userVersion, type StoredUser } from './session';

/** The server's snapshot: nobody is signed in on a page rendered by the server (issue 22), nor while it hydrates. */
const SERVER_VERSION = -1;

/** The signed-in user, re-rendering on sign-in and sign-out (also from another tab). */
export function useStoredUser(): StoredUser | null {
  const version = useSyncExternalStore(subscribeToUser, userVersion, () => SERVER_VERSION);
  // `version` is the signal that the stored user changed (the server's: nobody).
  return useMemo(() => (version === SERVER_VERSION ? null : getStoredUser()), [version]);
}
