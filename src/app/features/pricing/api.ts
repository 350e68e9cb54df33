// Query factories for the two price lists (spec 7). Pages are loaded one after another (spec 4: page -1 =
// no more); the loaded pages of the current search are kept in the local store (spec 3) and shown at once
// when the passenger comes back to the list. A valid partner referral (spec 6) goes with each request, outside the
// query key: it does not change the prices.
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HourlyPriceListData, PriceListData } from '../../../shared/contract/pricing';
import { NO_MORE_PAGES, PRICING_PATHS } from '../../../shared/contract/pricing-constants';
import { affiliateFields } from '../../lib/affiliate';
import { apiGet } from '../../lib/api-client';
import { readEntry, writeEntry } from '../../lib/store-keys';
import { STORE_KEYS } from './price-list-links';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'price-pages': StoredPages<unknown>;
    'hourly-price-pages': StoredPages<unknown>;
  }
}

export interface PriceListParams {
  depart_time: string;
  dimension_id: 1 | 3;
  pick_address: string;
  pick_address_component: string;
  drop_address: string;
  drop_address_component: string;
  more_address?: string;
  chair: number;
  vehicle_id: number;
  ride_method_id: number;
  service: string;
  sort: string;
  lang: string;
  partner_domain?: string;
  aff_sid?: string;
}

export interface HourlyPriceListParams {
  depart_time: string;
  pick_address: string;
  pick_address_component: string;
  duration: number;
  vehicle_id: number;
  service: string;
  sort: string;
  lang: string;
  partner_domain?: string;
  aff_sid?: string;
}

const MINUTE = 60_000;

interface StoredPages<T> {
  key: string;
  at: number;
  data: InfiniteData<T, number>;
}

function stored<T>(kind: keyof typeof STORE_KEYS, params: object): StoredPages<T> | undefined {
  const entry = readEntry(STORE_KEYS[kind]);
  return entry?.key === JSON.stringify(params) ? (entry as StoredPages<T>) : undefined;
}

/** `key` is the JSON of the request parameters the pages answer. */
function savePages<T>(kind: keyof typeof STORE_KEYS, key: string, data: InfiniteData<T, unknown>) {
  writeEntry(STORE_KEYS[kind], {
    key,
    at: Date.now(),
    data: data as InfiniteData<T, number>,
  } satisfies StoredPages<T>);
}

const nextPage = (last: { page: number }) => (last.page === NO_MORE_PAGES ? undefined : last.page);

export const pricingQueries = {
  list: (params: PriceListParams) =>
    infiniteQueryOptions({
      queryKey: ['pricing', 'list', params],
      queryFn: async ({ pageParam, signal }): Promise<PriceListData> =>
        (
          await apiGet(PRICING_PATHS.priceList, {
            query: { ...params, ...affiliateFields(), page: pageParam },
            schema: () => import('../../../shared/contract/pricing').then((contract) => contract.priceListResponseSchema),
            signal,
          })
        ).data,
      initialPageParam: 1,
      getNextPageParam: nextPage,
      initialData: () => stored<PriceListData>('normal', params)?.data,
      initialDataUpdatedAt: () => stored<PriceListData>('normal', params)?.at,
      staleTime: 5 * MINUTE,
      retry: 1,
    }),
  hourly: (params: HourlyPriceListParams) =>
    infiniteQueryOptions({
      queryKey: ['pricing', 'hourly', params],
      queryFn: async ({ pageParam, signal }): Promise<HourlyPriceListData> =>
        (
          await apiGet(PRICING_PATHS.hourlyPriceList, {
            query: { ...params, ...affiliateFields(), page: pageParam },
            schema: () => import('../../../shared/contract/pricing').then((contract) => contract.hourlyPriceListResponseSchema),
            signal,
          })
        ).data,
      initialPageParam: 1,
      getNextPageParam: nextPage,
      initialData: () => stored<HourlyPriceListData>('hourly', params)?.data,
      initialDataUpdatedAt: () => stored<HourlyPriceListData>('hourly', params)?.at,
      staleTime: 5 * MINUTE,
      retry: 1,
    }),
};

/** A price list query whose loaded pages are written to the store as they arrive (spec 3). */
export function useStoredPriceList<T>(
  kind: keyof typeof STORE_KEYS,
  params: object,
  options: ReturnType<typeof pricingQueries.list> | ReturnType<typeof pricingQueries.hourly>,
) {
  const query = useInfiniteQuery(options as ReturnType<typeof pricingQueries.list>);
  const data = query.data as InfiniteData<T, unknown> | undefined;
  const key = JSON.stringify(params);
  useEffect(() => {
    if (data) savePages(kind, key, data);
  }, [kind, key, data]);
  return { query, pages: (data?.pages ?? []) as T[] };
}

/** Filters held in state and in the store together. */
export function useStoredFilters<F>(read: () => F, save: (filters: F) => void) {
  const [filters, setFilters] = useState(read);
  const change = (patch: Partial<F>) => {
    const next = { ...filters, ...patch };
    save(next);
    setFilters(next);
  };
  return [filters, change] as const;
}
