// The default geocoder: the embedded Vietnam gazetteer searched in memory, with no network and no key.
import { createPlaceSearch, type GazetteerData, type PlaceSearch } from '../../modules/places/search';
import gazetteer from '../../modules/places/data/gazetteer.json';
import type { Geocoder } from './types';

let shared: PlaceSearch | undefined;

/** The index is built once per process (about 0.2 s) and shared by every app instance. */
export function defaultPlaceSearch(): PlaceSearch {
  shared ??= createPlaceSearch(gazetteer as GazetteerData);
  return shared;
}

export function createGazetteerGeocoder(search: PlaceSearch = defaultPlaceSearch()): Geocoder {
  return {
    autocomplete: async (query, lang) => search.autocomplete(query, lang),
    place: async (placeId, lang) => search.get(placeId, lang),
    airports: async (lang) => search.airports(lang),
  };
}
