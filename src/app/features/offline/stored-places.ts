// Places the success pages have shown, kept on the device so the return-trip quick book still opens offline
// (its addresses are prefilled from them; a place lookup needs the network).
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Suggestion } from '../../../shared/contract/places';
import type { Lang } from '../../../shared/domain/route-table';
import { onClearUserData } from '../../lib/store';
import { listEntries, readEntry, removeEntry, writeEntry } from '../../lib/store-keys';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StorePrefixes {
    'place:': Suggestion;
  }
}

const PREFIX = 'place:';
const key = (lang: Lang, placeId: string): `place:${string}` => `${PREFIX}${lang}:${placeId}`;

/** Logout removes them with the rest of the user's data (they are the passenger's trip addresses). */
export function clearStoredPlaces(): void {
  for (const entry of listEntries(PREFIX)) removeEntry(`${PREFIX}${entry.key}`);
}
onClearUserData(clearStoredPlaces);

export function readStoredPlace(placeId: string, lang: Lang): Suggestion | null {
  return placeId ? readEntry(key(lang, placeId)) : null;
}

export function storePlace(place: Suggestion, lang: Lang): void {
  writeEntry(key(lang, place.address_component.place_id), place);
}

/**
 * A place's details query (the places feature's `placeQueries.detail`), handed in by the route that composes the two
 * features: offline keeps the answers, places asks for them.
 */
export type PlaceDetailQuery = (placeId: string, lang: Lang) => UseQueryOptions<Suggestion, Error, Suggestion, string[]>;

/**
 * The place details query, answered from the device copy when there is one (offline it never waits).
 * `pending` is true only while a first answer is really on its way (not while the query is paused offline).
 */
export function useStoredPlace(placeId: string, lang: Lang, detail: PlaceDetailQuery) {
  const query = useQuery({
    ...detail(placeId, lang),
    enabled: Boolean(placeId),
    initialData: () => readStoredPlace(placeId, lang) ?? undefined,
    initialDataUpdatedAt: 0,
  });
  const data = query.data;
  useEffect(() => {
    if (data) storePlace(data, lang);
  }, [data, lang]);
  return { place: data ?? null, pending: Boolean(placeId) && query.isPending && query.fetchStatus === 'fetching' };
}
