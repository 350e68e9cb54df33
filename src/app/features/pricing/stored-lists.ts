// Where the loaded price-list pages are kept in the local store (spec 3). Apart from the list module so the
// home page can clear them without loading the price-list code.
import { removeEntry } from '../../lib/store-keys';

export const STORE_KEYS = { normal: 'price-pages', hourly: 'hourly-price-pages' } as const;

/** spec 4: a new search (places, swap, date, passengers, duration) clears the cached lists. */
export function clearStoredPriceLists() {
  removeEntry(STORE_KEYS.normal);
  removeEntry(STORE_KEYS.hourly);
}
