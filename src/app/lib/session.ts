// The stored user record of spec 3 (auth part). No token means the session has expired (spec 6).
import { readEntry, removeEntry, writeEntry } from './store';

export interface StoredUser {
  id: number;
  fullname: string;
  phone: string;
  email: string;
  token: string;
  avatar: string;
  verifiedPhone: boolean;
  promotionCost: number;
  referralCode: string;
}

const USER_KEY = 'user';
type Listener = () => void;
const listeners = new Set<Listener>();

export function getStoredUser(): StoredUser | null {
  const user = readEntry<StoredUser>(USER_KEY);
  return user && typeof user.token === 'string' && user.token !== '' ? user : null;
}

export function saveStoredUser(user: StoredUser): void {
  writeEntry(USER_KEY, user);
  listeners.forEach((listener) => listener());
}

export function clearStoredUser(): void {
  removeEntry(USER_KEY);
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: tells subscribers when the user signs in or out (in this tab or another). */
export function subscribeToUser(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.endsWith(USER_KEY)) {
      version += 1;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let version = 0;
listeners.add(() => {
  version += 1;
});

/** A number that changes whenever the stored user may have changed (a stable snapshot for React). */
export function userVersion(): number {
  return version;
}
