import { useSyncExternalStore } from 'react';
import { getStoredUser, subscribeToUser, userVersion, type StoredUser } from './session';

/** The stored user read once per change of the store (`userVersion`): the same object until it changes. */
let read: { version: number; user: StoredUser | null } | null = null;
function storedUser(): StoredUser | null {
  const version = userVersion();
  if (read?.version !== version) read = { version, user: getStoredUser() };
  return read.user;
}

/**
 * The signed-in user, re-rendering on sign-in and sign-out (also from another tab). The server's snapshot is nobody
 * (a page rendered by the server, and its hydration); a browser where nobody is signed in gives the same
 * snapshot, so hydrating the layout is not followed by a synchronous render of all of it.
 */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeToUser, storedUser, () => null);
}
