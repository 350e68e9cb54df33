// The default geocoder: the embedded Vietnam gazetteer searched in memory, with no network and no key. The search
// index is the places module's (app.ts passes it in), so that adapters never import a module.
import type { Geocoder, PlaceSearch } from './types';

export function createGazetteerGeocoder(search: PlaceSearch): Geocoder {
  return {
    autocomplete: async (query, lang) => search.autocomplete(query, lang),
    place: async (placeId, lang) => search.get(placeId, lang),
    airports: async (lang) => search.airports(lang),
  };
}
