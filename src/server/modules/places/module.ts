// Builds the places module (place search and details, spec 7) from its dependencies: its service, its API routes
// and its hub routes.
import type { Geocoder, PlaceSearch } from '../../adapters/geocoder/types';
import type { Db } from '../../db/client';
import type { Logger } from '../../http/errors';
import { createKeywordService } from './keywords';
import { createPlacesRepository } from './repository';
import { placesApiRoutes, placesHubRoutes } from './routes';
import { createPlacesService } from './service';

export interface PlacesModuleDeps {
  db: Db;
  search: PlaceSearch;
  gazetteer: Geocoder;
  /** The GEOCODER environment value: 'google' allows Google when a maps key is configured. */
  mode: string | undefined;
  mapKey: () => Promise<string>;
  googleBaseUrl?: string;
  log?: Logger;
  /** spec 9 airport_suggestion_cache_minutes, from the configuration. */
  airportCacheMinutes: () => Promise<number>;
  /** spec 9 exchange_keyword_cache_minutes, from the configuration. */
  keywordCacheMinutes?: () => Promise<number>;
}

export function createPlacesModule({ db, airportCacheMinutes, keywordCacheMinutes, ...options }: PlacesModuleDeps) {
  const service = createPlacesService(options);
  const keywords = createKeywordService(createPlacesRepository(db), keywordCacheMinutes);
  return {
    service,
    routes: placesApiRoutes(service, keywords, airportCacheMinutes),
    hubRoutes: placesHubRoutes(service),
  };
}
