// The flexible pickup of spec 3 (useRangeTime) and spec 7 (get_range_time, use_range_time): the window the server
// offers around the chosen time, asked when the billing form opens. A failure is only logged: the choice is then
// not offered and the booking is for the time itself.
import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../shared/domain/route-table';
import { apiGet } from '../../lib/api-client';
import { BOOKING_PATHS } from '../../../shared/contract/booking';

export const rangeTimeQuery = (departTime: string, rideMethodId: number, lang: Lang) =>
  queryOptions({
    queryKey: ['booking', 'range-time', departTime, rideMethodId, lang],
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiGet(BOOKING_PATHS.rangeTime, {
            query: { depart_time: departTime, ride_method_id: rideMethodId === 2 ? 2 : 1, lang },
            schema: () => import('../../../shared/contract/booking').then((module) => module.rangeTimeResponseSchema),
            signal,
          })
        ).data;
      } catch (error) {
        if (!(error instanceof DOMException)) console.warn('range time failed', error);
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
