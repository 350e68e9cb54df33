// What the places module needs from a geocoder (spec 7 hub places/autocomplete and geocode, home/get_place_detail,
// home/get_airport_suggestion). The embedded gazetteer is the default; Google Places is the optional real one.
import type { Suggestion } from '../../../shared/contract/places';
import type { Lang } from '../../../shared/domain/route-table';

export interface Geocoder {
  /** Suggestions for typed text, best first; `sessiontoken` groups one search session (billing of Google). */
  autocomplete(query: string, lang: Lang, sessiontoken?: string): Promise<Suggestion[]>;
  /** One place by the place_id of a suggestion, or null when there is no such place. */
  place(placeId: string, lang: Lang): Promise<Suggestion | null>;
  /** The operating airports, for the airport pickers. */
  airports(lang: Lang): Promise<Suggestion[]>;
}

export interface NearestWard {
  province_code: string;
  province_name: string;
  ward_code: string;
  ward_name: string;
}

/**
 * The embedded gazetteer's in-memory search (the places module builds it): the gazetteer geocoder answers from it,
 * and Google Places falls back on it and places its results in a ward with it.
 */
export interface PlaceSearch {
  autocomplete(query: string, lang: Lang, limit?: number): Suggestion[];
  get(placeId: string, lang: Lang): Suggestion | null;
  airports(lang: Lang): Suggestion[];
  /** The ward whose point is nearest, within maxKm (places a result of another geocoder in a ward). */
  nearestWard(lat: number, lng: number, lang: Lang, maxKm?: number): NearestWard | null;
}
