// A session kept apart from the passenger's account (the partner console's staff, the business partner): the token
// and who is signed in, in the encrypted local store under one key (never in the query cache), with a hook that
// follows sign-in and sign-out (also from another tab) and the end on a 401 that lets the login say why.
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';
import { readEntry, removeEntry, subscribeToStore, writeEntry } from './store';

export interface StoredSession<S> {
  /** The stored session, or null without one (or without a token, or incomplete). */
  get(): S | null;
  /** Sign-in: the session goes to the store, and a new sign-in forgets that the last one expired. */
  save(session: S): void;
  /** Sign-out (or a revoked token): the session leaves this device. */
  clear(): void;
  /** The session, re-rendering on sign-in and sign-out (also from another tab). */
  useSession(): S | null;
  /** A 401 (expired, revoked or unknown token): the session goes and `expired` turns true. */
  endIfUnauthorized(error: unknown): boolean;
  /** Whether the last session ended on a 401 rather than a sign-out. */
  expired(): boolean;
}

/** The session stored under `key`; `isComplete` says whether a stored one with a token has all it needs. */
export function storedSession<S extends { token: string }>(
  key: string,
  isComplete: (session: S) => boolean = () => true,
): StoredSession<S> {
  let expired = false;
  let version = 0;
  subscribeToStore((changed) => {
    if (changed === key) version += 1;
  });
  const subscribe = (listener: () => void): (() => void) =>
    subscribeToStore((changed) => {
      if (changed === key) listener();
    });
  const get = (): S | null => {
    const session = readEntry<S>(key);
    return session && typeof session.token === 'string' && session.token !== '' && isComplete(session) ? session : null;
  };
  const clear = (): void => removeEntry(key);
  return {
    get,
    clear,
    save(session) {
      expired = false;
      writeEntry(key, session);
    },
    useSession() {
      const current = useSyncExternalStore(
        subscribe,
        () => version,
        () => 0,
      );
      // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is the signal that the session changed
      return useMemo(() => get(), [current]);
    },
    endIfUnauthorized(error) {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      expired = true;
      clear();
      return true;
    },
    expired: () => expired,
  };
}
