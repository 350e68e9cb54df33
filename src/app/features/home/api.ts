// Query factories and calls of the home sections (spec 2 Home, spec 7): customer ratings, popular routes,
// featured posts, media, environmental impact, the most booked partners (spec 9 suggest-brand), the live booking
// count and the call-center number, plus the special request form's post. Only the lazily loaded sections import
// this module, so it stays out of the home route's first-load chunk.
import { queryOptions } from '@tanstack/react-query';
import {
  CONTENT_PATHS,
  featuredPostsResponseSchema,
  homepageImpactResponseSchema,
  homepageMediaResponseSchema,
  popularChunksResponseSchema,
  suggestBrandsResponseSchema,
  type SuggestBrandsData,
} from '../../../shared/contract/content';
import { RATING_PATHS, customerRatingsResponseSchema } from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { apiGet } from '../../lib/api-client';
import {
  BOOKING_PATHS,
  LIVE_BOOKING_REFRESH_MS,
  type LiveBookingCount,
  liveBookingCountResponseSchema,
} from '../../../shared/contract/booking';

const MINUTE = 60_000;
/** The content calls are cached by the server for a while; the client keeps them 10 minutes. */
const CONTENT_STALE_MS = 10 * MINUTE;

export const homeQueries = {
  ratings: (lang: Lang) =>
    queryOptions({
      queryKey: ['home', 'ratings', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(RATING_PATHS.customerRatings, { query: { lang, limit: 6 }, schema: customerRatingsResponseSchema, signal }))
          .data.items,
      // The server keeps its answer a minute; new ratings come in more often than the content changes.
      staleTime: MINUTE,
    }),
  popular: (lang: Lang) =>
    queryOptions({
      queryKey: ['home', 'popular', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.popularChunks, { query: { lang }, schema: popularChunksResponseSchema, signal })).data.items,
      staleTime: CONTENT_STALE_MS,
    }),
  featured: (lang: Lang) =>
    queryOptions({
      queryKey: ['home', 'featured', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.featuredPosts, { query: { lang, limit: 4 }, schema: featuredPostsResponseSchema, signal }))
          .data.items,
      staleTime: CONTENT_STALE_MS,
    }),
  media: (lang: Lang) =>
    queryOptions({
      queryKey: ['home', 'media', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.homepageMedia, { query: { lang }, schema: homepageMediaResponseSchema, signal })).data.items,
      staleTime: CONTENT_STALE_MS,
    }),
  impact: (lang: Lang) =>
    queryOptions({
      queryKey: ['home', 'impact', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.homepageImpact, { query: { lang }, schema: homepageImpactResponseSchema, signal })).data,
      staleTime: CONTENT_STALE_MS,
    }),
  /** spec 9: refreshed every refresh_ms the answer names (live_booking_refresh_ms, 5,000 ms by default) while the page is visible (the caller turns the interval off when hidden or offline). */
  liveCount: (active: boolean) =>
    queryOptions({
      queryKey: ['home', 'live-count'],
      queryFn: async ({ signal }): Promise<LiveBookingCount> =>
        (await apiGet(BOOKING_PATHS.notifyNewBooking, { schema: liveBookingCountResponseSchema, signal })).data,
      refetchInterval: (query) => (active ? (query.state.data?.refresh_ms ?? LIVE_BOOKING_REFRESH_MS) : false),
      refetchIntervalInBackground: false,
      staleTime: LIVE_BOOKING_REFRESH_MS,
      retry: false,
    }),
  /**
   * spec 9 suggest-brand: asked again every time_refresh_number_seconds (the answer says how often; 20 s by default)
   * while the page is visible and online (the caller turns the interval off otherwise).
   */
  suggestBrands: (active: boolean) =>
    queryOptions({
      queryKey: ['home', 'suggest-brands'],
      queryFn: async ({ signal }): Promise<SuggestBrandsData> =>
        (await apiGet(CONTENT_PATHS.suggestBrands, { schema: suggestBrandsResponseSchema, signal })).data,
      refetchInterval: (query) =>
        active ? (query.state.data?.refresh_seconds ?? SYSTEM_CONFIG_DEFAULTS.time_refresh_number_seconds) * 1000 : false,
      refetchIntervalInBackground: false,
      staleTime: 5_000,
    }),
};
