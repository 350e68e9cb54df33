// The stored user record of spec 3 (auth part). No token means the session has expired (spec 6).
import { subscribeToStore } from './store';
import { readEntry, removeEntry, writeEntry } from './store-keys';

// The local store's key this file owns, in the registry of store-keys.ts.
declare module './store-keys' {
  interface StoreKeys {
    user: StoredUser;
  }
}

export interface StoredUser {
  id: number;
  fullname: string;
  phone: string;
  /** The profile's contact e-mail (not verified unless it is `loginEmail`). */
  email: string;
  /** The e-mail the account signed up with, verified; '' or absent (a record stored before it was kept) for none. */
  loginEmail?: string;
  token: string;
  avatar: string;
  /** The account is verified (its sign-up phone or e-mail); a signed-in account's phone, when it has one, is too. */
  verifiedPhone: boolean;
  promotionCost: number;
  referralCode: string;
}

const USER_KEY = 'user';

export function getStoredUser(): StoredUser | null {
  const user = readEntry(USER_KEY);
  return user && typeof user.token === 'string' && user.token !== '' ? user : null;
}

export function saveStoredUser(user: StoredUser): void {
  writeEntry(USER_KEY, user);
}

export function clearStoredUser(): void {
  removeEntry(USER_KEY);
}

let version = 0;
subscribeToStore((key) => {
  if (key === USER_KEY) version += 1;
});

/** For useSyncExternalStore: tells subscribers when the user signs in or out (in this tab or another). */
export function subscribeToUser(listener: () => void): () => void {
  return subscribeToStore((key) => {
    if (key === USER_KEY) listener();
  });
}

/** A number that changes whenever the stored user may have changed (a stable snapshot for React). */
export function userVersion(): number {
  return version;
}
