// The drivers list of spec 3 ("cached locally") and spec 4 ("night booking loads the driver cache"): shortened names
// of active drivers (passenger/get_all_driver_rand_names), kept a day in the encrypted store's drivers table, shown
// while the partner is being contacted at night.
import { useEffect, useState } from 'react';
import { PARTNER_PATHS, driverRandNamesResponseSchema } from '../../../shared/contract/partners';
import { apiGet } from '../../lib/api-client';
import { readEntry, writeEntry } from '../../lib/store-keys';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'driver:names': string[];
  }
}

const KEY = 'driver:names';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The cached names, refreshed from the server when missing (a failure keeps what is cached, or nothing). */
export async function loadDriverNames(signal?: AbortSignal): Promise<string[]> {
  const cached = readEntry(KEY);
  if (cached?.length) return cached;
  const answer = await apiGet(PARTNER_PATHS.driverRandNames, { schema: driverRandNamesResponseSchema, signal });
  writeEntry(KEY, answer.data.names, DAY_MS);
  return answer.data.names;
}

/** The names while `active` (loaded once it turns on); empty until they arrive or when they cannot be had. */
export function useDriverNames(active: boolean): string[] {
  const [names, setNames] = useState<string[]>(() => readEntry(KEY) ?? []);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    loadDriverNames(controller.signal).then(setNames, () => {});
    return () => controller.abort();
  }, [active]);
  return names;
}
