// Place search and place details (spec 7: hub places/autocomplete and geocode, home/get_place_detail,
// home/get_airport_suggestion). A suggestion is { address, address_component, childs } (spec 3).
import { successSchema } from './envelope';
import { langSchema } from './common';
import { yup } from './yup';
import { PLACE_KINDS, PLACE_QUERY_MIN, PLACE_QUERY_MAX } from './places-constants';

export type { PlaceKind } from './places-constants';
export {
  PLACES_PATHS,
  PLACE_KINDS,
  PLACE_QUERY_MIN,
  PLACE_QUERY_MAX,
  PLACE_SEARCH_DEBOUNCE_MS,
  AUTOCOMPLETE_LIMIT,
} from './places-constants';

export const latLngSchema = yup.object({
  lat: yup.number().min(-90).max(90).required(),
  lng: yup.number().min(-180).max(180).required(),
});

export const addressComponentSchema = yup.object({
  /** Stable id: `airport:HAN`, `province:01`, `ward:00004`, `place:P00001`, `extra:hn-ga-ha-noi`, or a Google id. */
  place_id: yup.string().max(300).required(),
  kind: yup.string().oneOf(PLACE_KINDS).required(),
  /** The place's own name in the requested language ("Sân bay quốc tế Nội Bài"). */
  name: yup.string().max(300).required(),
  /** The full address line ("Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội"). */
  formatted_address: yup.string().max(500).required(),
  geometry: yup.object({ location: latLngSchema.required() }).required(),
  /** The current (post-2025) province and ward; empty when unknown (a Google result outside the gazetteer). */
  province_code: yup.string().max(10).defined(),
  province_name: yup.string().max(100).defined(),
  ward_code: yup.string().max(10).defined(),
  ward_name: yup.string().max(100).defined(),
  /** The IATA code when the place is an airport, else ''. */
  airport_code: yup.string().max(3).defined(),
  /** The former name the query matched ("Quận 1" for a ward of District 1), else ''. */
  matched_former_name: yup.string().max(200).defined(),
});
export type AddressComponent = yup.InferType<typeof addressComponentSchema>;

const placeSuggestionBase = {
  address: yup.string().max(500).required(),
  address_component: addressComponentSchema.required(),
};
export const childSuggestionSchema = yup.object(placeSuggestionBase);
export const suggestionSchema = yup.object({
  ...placeSuggestionBase,
  /** spec 3: child airports (the airports of a city or province suggestion). */
  childs: yup.array(childSuggestionSchema.required()).defined(),
});
export type Suggestion = yup.InferType<typeof suggestionSchema>;

export const autocompleteRequestSchema = yup.object({
  query: yup.string().trim().min(PLACE_QUERY_MIN).max(PLACE_QUERY_MAX).required(),
  /** spec 7: a timestamp the client keeps for one search session (billing of a real geocoder). */
  sessiontoken: yup.string().max(64).optional(),
  lang: langSchema,
});
export const autocompleteResponseSchema = successSchema(yup.array(suggestionSchema.required()).required());

export const geocodeRequestSchema = yup.object({ placeID: yup.string().max(300).required(), lang: langSchema });
export const placeDetailRequestSchema = yup.object({ place_id: yup.string().max(300).required(), lang: langSchema });
/** spec 7: "returns a place (code 'success', result)": the place is `result`, and also `data`. */
export const placeResponseSchema = successSchema(suggestionSchema.required()).shape({ result: suggestionSchema.required() });

export const airportSuggestionRequestSchema = yup.object({ lang: langSchema });
export const airportSuggestionResponseSchema = successSchema(yup.array(suggestionSchema.required()).required());

export const exchangeKeywordRequestSchema = yup.object({ lang: langSchema });
export const exchangeKeywordSchema = yup.object({
  /** Lower case, without diacritics ("noi bai"); the client compares the typed text folded the same way. */
  keyword: yup.string().required(),
  /** What to search instead, in the requested language ("Sân bay quốc tế Nội Bài"). */
  text: yup.string().required(),
  /** The place it stands for (home/get_place_detail), or '' when it is only a wording. */
  place_id: yup.string().defined(),
});
export type ExchangeKeyword = yup.InferType<typeof exchangeKeywordSchema>;
export const exchangeKeywordResponseSchema = successSchema(yup.array(exchangeKeywordSchema.required()).required());
