// The registry of the local store's keys, each with the type of its value, and the store's read, write,
// remove and list typed by it: a key that is not registered, or a value of the wrong type, fails the typecheck. The
// keys are those the app has always used (stored data on passengers' phones keeps its keys).
//
// Every file registers the keys it owns beside their constants, in the same interfaces, with `declare module` of
// this file (this file imports none of their types, so the registry is no part of an import circle).
import type { Lang } from '../../shared/domain/route-table';
import {
  listEntries as listAnyEntries,
  readEntry as readAnyEntry,
  removeEntry as removeAnyEntry,
  writeEntry as writeAnyEntry,
} from './store';

/** Keys written as they are, with the type of their value. */
export interface StoreKeys {
  language: Lang;
  'session-id': string;
}

/** Key prefixes (the rest of the key is a ticket code, a place id…), with the type of the values under them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the files that own the prefixes
export interface StorePrefixes {}

/** The local store's keys of the two form drafts: the booking widget's search (also prefilled by the landing pages)
 * and the billing form (whose phone the idle support callback offers); their value types are registered by booking. */
export const SEARCH_DRAFT_KEY = 'search-draft';
export const BILLING_DRAFT_KEY = 'billing-draft';

type PrefixOf<K extends string> = K extends `${infer P}:${string}` ? `${P}:` : never;

/** A registered key, or a registered prefix followed by anything. */
export type StoreKey = (keyof StoreKeys & string) | `${keyof StorePrefixes & string}${string}`;

/** The type of the value stored under `K` (a key written as it is wins over a prefix: 'driver:names'). */
export type StoreValue<K extends StoreKey> = K extends keyof StoreKeys
  ? StoreKeys[K]
  : PrefixOf<K> extends keyof StorePrefixes
    ? StorePrefixes[PrefixOf<K>]
    : never;

export function readEntry<K extends StoreKey>(key: K, now?: number): StoreValue<K> | null {
  return readAnyEntry<StoreValue<K>>(key, now);
}

/** Saves `value`; `ttlMs` null keeps it until removed, default is the configured local store expiry (7 days). */
export function writeEntry<K extends StoreKey>(key: K, value: StoreValue<K>, ttlMs?: number | null): void {
  writeAnyEntry(key, value, ttlMs);
}

export function removeEntry(key: StoreKey): void {
  removeAnyEntry(key);
}

/** Every live entry under a registered prefix, keyed by the rest of the key. */
export function listEntries<P extends keyof StorePrefixes & string>(
  prefix: P,
  now?: number,
): Array<{ key: string; value: StorePrefixes[P] }> {
  return listAnyEntries<StorePrefixes[P]>(prefix, now);
}
