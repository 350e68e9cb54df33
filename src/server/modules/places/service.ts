// Place search and details (spec 7) over a geocoder chosen per call: Google Places when GEOCODER=google and a maps
// key is configured (settings, spec 9 google_map_key), else the embedded gazetteer. The key may change at run time.
import type { Suggestion } from '../../../shared/contract/places';
import type { Lang } from '../../../shared/domain/route-table';
import { createGooglePlacesGeocoder } from '../../adapters/geocoder/google-places';
import type { Geocoder, PlaceSearch } from '../../adapters/geocoder/types';
import type { Logger } from '../../http/errors';

export interface PlacesServiceOptions {
  search: PlaceSearch;
  gazetteer: Geocoder;
  /** The GEOCODER environment value: 'google' allows Google when a key is configured. */
  mode: string | undefined;
  mapKey: () => Promise<string>;
  googleBaseUrl?: string;
  log?: Logger;
}

export function createPlacesService(options: PlacesServiceOptions) {
  let google: { key: string; geocoder: Geocoder } | undefined;

  async function geocoder(): Promise<Geocoder> {
    if (options.mode !== 'google') return options.gazetteer;
    const key = await options.mapKey().catch(() => '');
    if (!key) return options.gazetteer;
    if (google?.key !== key) {
      google = {
        key,
        geocoder: createGooglePlacesGeocoder({
          apiKey: key,
          search: options.search,
          fallback: options.gazetteer,
          baseUrl: options.googleBaseUrl,
          log: options.log,
        }),
      };
    }
    return google.geocoder;
  }

  return {
    async autocomplete(query: string, lang: Lang, sessiontoken?: string): Promise<Suggestion[]> {
      return (await geocoder()).autocomplete(query, lang, sessiontoken);
    },
    async place(placeId: string, lang: Lang): Promise<Suggestion | null> {
      return (await geocoder()).place(placeId, lang);
    },
    async airports(lang: Lang): Promise<Suggestion[]> {
      return (await geocoder()).airports(lang);
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
