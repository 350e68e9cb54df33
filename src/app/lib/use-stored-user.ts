import { useMemo, useSyncExternalStore } from 'react';
import { getStoredUser, subscribeToUser, userVersion, type StoredUser } from './session';

/** The signed-in user, re-rendering on sign-in and sign-out (also from another tab). */
export function useStoredUser(): StoredUser | null {
  const version = useSyncExternalStore(subscribeToUser, userVersion, () => 0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the signal that the stored user changed
  return useMemo(() => getStoredUser(), [version]);
}
