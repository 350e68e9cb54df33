// The return-trip search submitted offline: kept under 'outbox:rebook' and run when the connection
// returns (rebook-runner.tsx, with the price-list request of rebook-params.ts). The pure parts (what to do with it,
// the price-list request it makes) are tested in rebook-outbox.test.ts.
import type { Suggestion } from '../../../shared/contract/places';
import { isFutureDepartTime } from '../../../shared/domain/depart-time';
import type { Lang } from '../../../shared/domain/route-table';
import { onClearUserData } from '../../lib/store';
import { readEntry, removeEntry, writeEntry } from '../../lib/store-keys';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'outbox:rebook': QueuedRebook;
  }
}

export const REBOOK_KEY = 'outbox:rebook';

export interface RebookSearch {
  type: 1 | 3;
  pick: Suggestion;
  drop: Suggestion;
  /** "HH:mm d/M/yyyy", Vietnam time. */
  time: string;
  chair: number;
}

export interface QueuedRebook {
  search: RebookSearch;
  lang: Lang;
  /** When it was submitted (ms). */
  at: number;
  /** The page it was submitted from: the passenger is taken to the price list only if still there. */
  from: string;
  /** The same trip again (as booked) rather than the return trip: the notices name what the passenger chose. */
  again?: boolean;
}

/** What to do with a queued search once the connection is back. */
export type RebookAction = 'drop' | 'open' | 'announce';

/**
 * `drop` when the departure has passed; `open` (go to the price list) when the passenger is still on the page
 * the search was submitted from in this visit; otherwise `announce` (a banner with a link).
 */
export function rebookAction(queued: QueuedRebook, now: number, where: { path: string; sameVisit: boolean }): RebookAction {
  if (!isFutureDepartTime(queued.search.time, now)) return 'drop';
  return where.sameVisit && where.path === queued.from ? 'open' : 'announce';
}

/** Searches queued in this visit (by their time): only those may move the passenger without asking. */
export const queuedThisVisit = new Set<number>();
export function markQueuedThisVisit(queued: QueuedRebook): void {
  queuedThisVisit.add(queued.at);
}

export function readQueuedRebook(): QueuedRebook | null {
  return readEntry(REBOOK_KEY);
}

export function queueRebook(search: RebookSearch, lang: Lang, from: string, again = false, now = Date.now()): QueuedRebook {
  const queued: QueuedRebook = { search, lang, at: now, from, ...(again ? { again } : {}) };
  writeEntry(REBOOK_KEY, queued);
  return queued;
}

export function clearQueuedRebook(): void {
  removeEntry(REBOOK_KEY);
}
// A queued search holds the passenger's addresses: logout drops it.
onClearUserData(clearQueuedRebook);
