// Builds the places module (place search and details, spec 7) from its dependencies: its service, its API routes
// and its hub routes.
import type { Geocoder, PlaceSearch } from '../../adapters/geocoder/types';
import type { Logger } from '../../http/errors';
import { placesApiRoutes, placesHubRoutes } from './routes';
import { createPlacesService } from './service';

export interface PlacesModuleDeps {
  search: PlaceSearch;
  gazetteer: Geocoder;
  /** The GEOCODER environment value: 'google' allows Google when a maps key is configured. */
  mode: string | undefined;
  mapKey: () => Promise<string>;
  googleBaseUrl?: string;
  log?: Logger;
  /** spec 9 airport_suggestion_cache_minutes, from the configuration. */
  airportCacheMinutes: () => Promise<number>;
}

export function createPlacesModule({ airportCacheMinutes, ...options }: PlacesModuleDeps) {
  const service = createPlacesService(options);
  return { service, routes: placesApiRoutes(service, airportCacheMinutes), hubRoutes: placesHubRoutes(service) };
}
