// The PWA state the page shows: a new version waiting (and whether the passenger accepted it), and the browser's
// install offer. Fed by src/app/features/pwa/sw-register.ts; read with useSyncExternalStore by the banners.
import { useSyncExternalStore } from 'react';
import { matchPath } from '../../../shared/domain/route-table';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type UpdateState =
  /** Nothing to offer. */
  | 'none'
  /** A new worker is waiting; the banner offers it. */
  | 'ready'
  /** Accepted on a booking page: applied once the passenger leaves it. */
  | 'deferred'
  /** Accepted: the new worker is taking over, the page reloads on `controlling`. */
  | 'applying';

export interface PwaState {
  update: UpdateState;
  /** The banner was closed with "Later" (it comes back with the next new version or the next load). */
  updateHidden: boolean;
  /** Captured `beforeinstallprompt` (preventDefault'ed): shown only after a successful booking. */
  installEvent: BeforeInstallPromptEvent | null;
}

let state: PwaState = { update: 'none', updateHidden: false, installEvent: null };
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, getPwaState, getPwaState);
}

/**
 * The pages where a reload would lose a booking in progress: the billing forms, where the booking is created, the
 * night flow waits for its partner and the browser leaves for the payment gateway. The booking flow's state
 * (use-booking-flow.ts) lives in a reducer on these pages, so the path is the signal.
 */
const BUSY_ROUTES = new Set(['billing-detail', 'hourly-booking-info']);

export function isBookingInProgress(pathname: string): boolean {
  const match = matchPath(pathname);
  return match !== null && BUSY_ROUTES.has(match.name);
}

/** What the update banner's buttons call; set by sw-register.ts once the worker is registered. */
let actions: { accept(): void } = { accept: () => {} };

export function setUpdateActions(next: { accept(): void }): void {
  actions = next;
}

export function acceptUpdate(): void {
  actions.accept();
}

export function hideUpdate(): void {
  setPwaState({ updateHidden: true });
}
