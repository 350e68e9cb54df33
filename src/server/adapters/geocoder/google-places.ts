// Google Places API (New) as the geocoder: places:autocomplete for typed text, then place details for the point
// of each prediction (the contract's suggestion carries a location). Any failure answers from the gazetteer.
import { AUTOCOMPLETE_LIMIT, type Suggestion } from '../../../shared/contract/places';
import type { Lang } from '../../../shared/domain/route-table';
import type { Logger } from '../../http/errors';
import type { Geocoder, PlaceSearch } from './types';

export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';
/** Field masks keep the answer (and Google's billing tier) to what the contract needs. */
const AUTOCOMPLETE_FIELDS = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text';
const DETAILS_FIELDS = 'id,displayName,formattedAddress,location';
/** A slow geocoder must not hold the address input: past this, the gazetteer answers (spec 2 debounced search). */
const DEFAULT_TIMEOUT_MS = 3000;
/** Our own place ids: they never go to Google. */
const GAZETTEER_ID = /^(airport|province|ward|place|extra):/;

export interface GooglePlacesOptions {
  apiKey: string;
  /** The gazetteer search: fallback answers and the ward of a Google result. */
  search: PlaceSearch;
  fallback: Geocoder;
  baseUrl?: string;
  timeoutMs?: number;
  log?: Logger;
}

interface GoogleText {
  text?: string;
}
interface AutocompleteBody {
  suggestions?: { placePrediction?: { placeId?: string; text?: GoogleText } }[];
}
interface PlaceBody {
  id?: string;
  displayName?: GoogleText;
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
}

class GoogleError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

export function createGooglePlacesGeocoder(options: GooglePlacesOptions): Geocoder {
  const base = (options.baseUrl ?? GOOGLE_PLACES_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(path: string, fields: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method: init.method,
      headers: {
        'X-Goog-Api-Key': options.apiKey,
        'X-Goog-FieldMask': fields,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new GoogleError(`Google Places answered ${response.status}`, response.status);
    return (await response.json()) as T;
  }

  function toSuggestion(place: PlaceBody, lang: Lang, fallbackName: string): Suggestion | null {
    const lat = place.location?.latitude;
    const lng = place.location?.longitude;
    if (!place.id || typeof lat !== 'number' || typeof lng !== 'number') return null;
    const name = place.displayName?.text || fallbackName || place.formattedAddress || '';
    const formatted = place.formattedAddress || name;
    if (!name) return null;
    // The contract's province and ward are the current (post-2025) units: only the gazetteer knows them.
    const ward = options.search.nearestWard(lat, lng, lang);
    return {
      address: formatted,
      address_component: {
        place_id: place.id.slice(0, 300),
        kind: 'place',
        name: name.slice(0, 300),
        formatted_address: formatted.slice(0, 500),
        geometry: { location: { lat, lng } },
        province_code: ward?.province_code ?? '',
        province_name: ward?.province_name ?? '',
        ward_code: ward?.ward_code ?? '',
        ward_name: ward?.ward_name ?? '',
        airport_code: '',
        matched_former_name: '',
      },
      childs: [],
    };
  }

  async function details(placeId: string, lang: Lang, sessiontoken?: string, name = ''): Promise<Suggestion | null> {
    const query = new URLSearchParams({ languageCode: lang, regionCode: 'vn' });
    if (sessiontoken) query.set('sessionToken', sessiontoken);
    try {
      const place = await call<PlaceBody>(`/v1/places/${encodeURIComponent(placeId)}?${query}`, DETAILS_FIELDS, {
        method: 'GET',
      });
      return toSuggestion(place, lang, name);
    } catch (error) {
      if (error instanceof GoogleError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }

  function failed(what: string, error: unknown) {
    options.log?.error('geocoder: Google Places failed, answering from the gazetteer', {
      call: what,
      error: error instanceof Error ? error.message : String(error),
    });
  }

  return {
    async autocomplete(query, lang, sessiontoken) {
      try {
        const body = await call<AutocompleteBody>('/v1/places:autocomplete', AUTOCOMPLETE_FIELDS, {
          method: 'POST',
          body: {
            input: query,
            languageCode: lang,
            includedRegionCodes: ['vn'],
            ...(sessiontoken ? { sessionToken: sessiontoken } : {}),
          },
        });
        const predictions = (body.suggestions ?? [])
          .map((s) => s.placePrediction)
          .filter((p): p is { placeId: string; text?: GoogleText } => Boolean(p?.placeId))
          .slice(0, AUTOCOMPLETE_LIMIT);
        // Predictions have no point; their details do (one session token covers the session's calls).
        const places = await Promise.all(predictions.map((p) => details(p.placeId, lang, sessiontoken, p.text?.text ?? '')));
        const found = places.filter((p): p is Suggestion => p !== null);
        if (found.length) return found;
      } catch (error) {
        failed('autocomplete', error);
      }
      return options.fallback.autocomplete(query, lang, sessiontoken);
    },
    async place(placeId, lang) {
      if (GAZETTEER_ID.test(placeId)) return options.fallback.place(placeId, lang);
      try {
        return await details(placeId, lang);
      } catch (error) {
        failed('place', error);
        return options.fallback.place(placeId, lang);
      }
    },
    // The airport list is ours (IATA codes, operating status); Google adds nothing to it.
    airports: (lang) => options.fallback.airports(lang),
  };
}
