// The paths and limits of the place calls (places.ts), apart from the schemas so the home route's first load needs
// no yup.
export const PLACES_PATHS = {
  autocomplete: '/hub/api/map/v1/places/autocomplete',
  geocode: '/hub/api/map/v1/geocode',
  placeDetail: '/api/home/get_place_detail',
  airportSuggestion: '/api/home/get_airport_suggestion',
  /** GET: lang. Search keywords and the places they stand for (spec 7 get_exchange_keyword, cached). */
  exchangeKeyword: '/api/passenger/get_exchange_keyword',
} as const;

/** What a place is; airports and cities rank first in search. */
export const PLACE_KINDS = ['airport', 'city', 'province', 'ward', 'station', 'hotel', 'sight', 'place'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The address typed into a search box is searched from this many characters (spec 2). */
export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 100;
/** spec 2: the address input waits this long after the last keystroke. */
export const PLACE_SEARCH_DEBOUNCE_MS = 700;
export const AUTOCOMPLETE_LIMIT = 8;
