// The search index of the embedded Vietnam gazetteer (data/gazetteer.json), the default geocoder's and the
// content module's place search.
import type { PlaceSearch } from '../../adapters/geocoder/types';
import gazetteer from './data/gazetteer.json';
import { createPlaceSearch, type GazetteerData } from './search';

let shared: PlaceSearch | undefined;

/** The index is built once per process (about 0.2 s) and shared by every app instance. */
export function defaultPlaceSearch(): PlaceSearch {
  shared ??= createPlaceSearch(gazetteer as GazetteerData);
  return shared;
}
