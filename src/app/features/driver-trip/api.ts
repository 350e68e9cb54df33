// The driver's trip link calls (src/shared/contract/partner-driver.ts): the trip, one move by the driver and the
// phone's position, each carrying the link's secret in the POST body. The query key holds the secret, so two links never share a cache.
import { queryOptions } from '@tanstack/react-query';
import { DRIVER_PATHS, driverPositionResponseSchema, driverTripResponseSchema } from '../../../shared/contract/partner-driver';
import type { TripState } from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { apiPost } from '../../lib/api-client';

/** How often the open trip screen reads the trip again (a dispatcher's move shows without a reload). */
export const DRIVER_TRIP_REFRESH_MS = 20_000;

export const driverTripCalls = {
  trip: async (token: string, lang: Lang) =>
    (await apiPost(DRIVER_PATHS.trip, { token, lang }, { schema: driverTripResponseSchema })).data,
  move: async (token: string, to: TripState) =>
    (await apiPost(DRIVER_PATHS.move, { token, to }, { schema: driverTripResponseSchema })).data,
  position: async (token: string, fix: { lat: number; lng: number; accuracy: number }) =>
    (await apiPost(DRIVER_PATHS.position, { token, ...fix }, { schema: driverPositionResponseSchema })).data,
};

export const driverTripQuery = (token: string, lang: Lang) =>
  queryOptions({
    queryKey: ['driver-trip', token, lang],
    queryFn: () => driverTripCalls.trip(token, lang),
    retry: false,
    // A reopened screen reads the trip again (the link may have died meanwhile).
    staleTime: 0,
  });
