// Price-list filters (spec 3): kept in the local store for both lists, so they survive a reload.
import { readEntry, writeEntry } from '../../lib/store-keys';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'price-filters': PriceFilters;
    'hourly-price-filters': HourlyFilters;
  }
}

export interface PriceFilters {
  vehicle_id: number;
  ride_method_id: number;
  service: string;
  sort: string;
}

export interface HourlyFilters {
  vehicle_id: number;
  service: string;
  sort: string;
}

/** spec 3: airport default type [], sort empty, rideMethod 0; hourly default sort 'price_lowest', vehicle type 0. */
export const DEFAULT_FILTERS: PriceFilters = { vehicle_id: 0, ride_method_id: 0, service: '', sort: '' };
export const DEFAULT_HOURLY_FILTERS: HourlyFilters = { vehicle_id: 0, service: '', sort: 'price_lowest' };

export function readFilters(): PriceFilters {
  return { ...DEFAULT_FILTERS, ...readEntry('price-filters') };
}
export function saveFilters(filters: PriceFilters) {
  writeEntry('price-filters', filters);
}
export function readHourlyFilters(): HourlyFilters {
  return { ...DEFAULT_HOURLY_FILTERS, ...readEntry('hourly-price-filters') };
}
export function saveHourlyFilters(filters: HourlyFilters) {
  writeEntry('hourly-price-filters', filters);
}
