// The place calls of spec 7: hub places/autocomplete and geocode, main home/get_place_detail,
// home/get_airport_suggestion and passenger/get_exchange_keyword. Place answers are the same for everyone, so shared
// caches may keep them briefly.
import { Hono } from 'hono';
import { API_BASE, HUB_BASE } from '../../../shared/contract/envelope';
import {
  airportSuggestionRequestSchema,
  autocompleteRequestSchema,
  exchangeKeywordRequestSchema,
  geocodeRequestSchema,
  placeDetailRequestSchema,
  PLACES_PATHS,
} from '../../../shared/contract/places';
import type { Suggestion } from '../../../shared/contract/places';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { KeywordService } from './keywords';
import type { PlacesService } from './service';

/** Shown when a place id is unknown (a stale id kept by a client, or a made-up one). */
export const PLACE_NOT_FOUND = 'errors.place_not_found';
/** Typed text changes with every keystroke; a repeat of the same query within minutes is served from cache. */
const AUTOCOMPLETE_CACHE = 'public, max-age=300';
const PLACE_CACHE = 'public, max-age=300';

const apiPath = (path: string) => path.slice(API_BASE.length);
const hubPath = (path: string) => path.slice(HUB_BASE.length);

/** spec 7: "returns a place (code 'success', result)": the place is `result`, and `data` too. */
function placeAnswer(c: Parameters<typeof ok>[0], place: Suggestion | null) {
  if (!place) return fail(c, 404, PLACE_NOT_FOUND);
  c.header('Cache-Control', PLACE_CACHE);
  return ok(c, place, { result: place });
}

export function placesHubRoutes(service: PlacesService) {
  const routes = new Hono();
  routes.get(hubPath(PLACES_PATHS.autocomplete), validate('query', autocompleteRequestSchema), async (c) => {
    const input = c.get('input');
    const suggestions = await service.autocomplete(input.query, input.lang, input.sessiontoken);
    c.header('Cache-Control', AUTOCOMPLETE_CACHE);
    return ok(c, suggestions);
  });
  routes.get(hubPath(PLACES_PATHS.geocode), validate('query', geocodeRequestSchema), async (c) => {
    const input = c.get('input');
    return placeAnswer(c, await service.place(input.placeID, input.lang));
  });
  return routes;
}

/** `airportCacheMinutes`: the configured lifetime of the airport suggestions (spec 9), 30 without one. */
export function placesApiRoutes(
  service: PlacesService,
  keywords: KeywordService,
  airportCacheMinutes: () => Promise<number> = () => Promise.resolve(SYSTEM_CONFIG_DEFAULTS.airport_suggestion_cache_minutes),
) {
  const routes = new Hono();
  routes.get(apiPath(PLACES_PATHS.placeDetail), validate('query', placeDetailRequestSchema), async (c) => {
    const input = c.get('input');
    return placeAnswer(c, await service.place(input.place_id, input.lang));
  });
  routes.get(apiPath(PLACES_PATHS.airportSuggestion), validate('query', airportSuggestionRequestSchema), async (c) => {
    const airports = await service.airports(c.get('input').lang);
    c.header('Cache-Control', `public, max-age=${(await airportCacheMinutes()) * 60}`);
    return ok(c, airports);
  });
  routes.get(apiPath(PLACES_PATHS.exchangeKeyword), validate('query', exchangeKeywordRequestSchema), async (c) => {
    // spec 9 exchange_keyword_cache_minutes (30 by default): on the server and in shared caches.
    const { keywords: list, cacheMinutes } = await keywords.exchangeKeywords(c.get('input').lang);
    c.header('Cache-Control', `public, max-age=${cacheMinutes * 60}`);
    return ok(c, list);
  });
  return routes;
}
