// The transport partner's console calls (src/shared/contract/partners.ts): staff login and logout, the partner's own
// tickets (newest first, 20 a page, next_page -1 when there are no more), a move of the trip state machine, the
// partner's fleet and a driver's assignment, and the quick bookings (src/shared/contract/leads.ts) with their take.
// Every call but login carries the staff token as a Bearer header; the query keys start with 'partner' and hold the
// token, so a new session never reads another one's cache.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Schema } from 'yup';
import {
  PARTNER_PATHS,
  staffAssignResponseSchema,
  staffFleetResponseSchema,
  staffLoginResponseSchema,
  staffLogoutResponseSchema,
  staffTicketsResponseSchema,
  staffTransitionResponseSchema,
  type StaffAssignRequest,
  type StaffLoginRequest,
} from '../../../shared/contract/partners';
import { type TripState } from '../../../shared/contract/tickets';
import { staffQuickBookingsResponseSchema, staffTakeQuickBookingResponseSchema } from '../../../shared/contract/partners';
import type { Lang } from '../../../shared/domain/route-table';
import { apiGet, apiPost } from '../../lib/api-client';
import {
  TRANSFER_DESK_PATHS,
  transferPaidResponseSchema,
  unmatchedTransfersResponseSchema,
} from '../../../shared/contract/partners';
import { QUICK_BOOKING_PATHS } from '../../../shared/contract/partners';
import {
  FLEET_PATHS,
  fleetCarResponseSchema,
  fleetDriverResponseSchema,
  fleetListResponseSchema,
  fleetPhotoResponseSchema,
} from '../../../shared/contract/partner-fleet';
import { PARTNER_FARES_PATHS, partnerFaresResponseSchema } from '../../../shared/contract/partner-fares';
import { successSchema } from '../../../shared/contract/envelope';
import { yup } from '../../../shared/contract/yup';

const fareSavedSchema = successSchema(yup.object({ saved: yup.boolean().required() }).required());
export type FareCall = keyof Omit<typeof PARTNER_FARES_PATHS, 'list'>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type ConsoleQuery = Record<string, string | number | undefined>;

/** One console GET with the staff token: the answer's data. */
async function staffGet<Answer extends { data: unknown }>(
  token: string,
  path: string,
  schema: Schema<Answer>,
  query: ConsoleQuery | undefined,
  signal: AbortSignal,
): Promise<Answer['data']> {
  return (await apiGet(path, { query, headers: bearer(token), schema, signal })).data;
}

/** A paged console list, newest first: pages 1, 2, … until next_page is -1; a failure is not retried (a 401 ends the session). */
const pages = {
  initialPageParam: 1,
  getNextPageParam: (last: { next_page: number }) => (last.next_page > 0 ? last.next_page : undefined),
  staleTime: 5_000,
  retry: false,
} as const;

export const partnerQueries = {
  /** The partner's tickets, filtered by the server to the given states (comma-separated; undefined: every state). */
  tickets: (token: string, state: string | undefined, lang: Lang) =>
    infiniteQueryOptions({
      queryKey: ['partner', token, 'tickets', state ?? 'all', lang],
      queryFn: ({ pageParam, signal }) =>
        staffGet(token, PARTNER_PATHS.tickets, staffTicketsResponseSchema, { page: pageParam, trip_state: state, lang }, signal),
      ...pages,
    }),
  /** The quick bookings (spec 2 side menu, handled like a lead): open ones and the ones taken, newest first. */
  quickBookings: (token: string, lang: Lang) =>
    infiniteQueryOptions({
      queryKey: ['partner', token, 'quick-bookings', lang],
      queryFn: ({ pageParam, signal }) =>
        staffGet(token, QUICK_BOOKING_PATHS.list, staffQuickBookingsResponseSchema, { page: pageParam, lang }, signal),
      ...pages,
    }),
  fleet: (token: string, lang: Lang) =>
    queryOptions({
      queryKey: ['partner', token, 'fleet', lang],
      queryFn: ({ signal }) => staffGet(token, PARTNER_PATHS.fleet, staffFleetResponseSchema, { lang }, signal),
      staleTime: 60_000,
      retry: false,
    }),
  /** Every driver and car of the partner, retired ones too (the Fleet tab). */
  fleetAll: (token: string, lang: Lang) =>
    queryOptions({
      queryKey: ['partner', token, 'fleet-all', lang],
      queryFn: ({ signal }) => staffGet(token, FLEET_PATHS.list, fleetListResponseSchema, { lang }, signal),
      staleTime: 30_000,
      retry: false,
    }),
  /** The bank transfers that paid no ticket by themselves, newest first. */
  unmatchedTransfers: (token: string) =>
    queryOptions({
      queryKey: ['partner', token, 'bank-transfers'],
      queryFn: ({ signal }) =>
        staffGet(token, TRANSFER_DESK_PATHS.unmatched, unmatchedTransfersResponseSchema, undefined, signal),
      staleTime: 5_000,
      retry: false,
    }),
  /** The partner's own fares, fees, availability and their latest changes (the owner's Fares tab). */
  fares: (token: string) =>
    queryOptions({
      queryKey: ['partner', token, 'fares'],
      queryFn: ({ signal }) => staffGet(token, PARTNER_FARES_PATHS.list, partnerFaresResponseSchema, undefined, signal),
      staleTime: 5_000,
      retry: false,
    }),
};

export const partnerCalls = {
  /** One change of the partner's fares; a 409 partner_fares.errors.confirm carries the median it was compared with. */
  saveFare: async (token: string, call: FareCall, body: Record<string, unknown>) =>
    (await apiPost(PARTNER_FARES_PATHS[call], body, { headers: bearer(token), schema: fareSavedSchema })).data,
  login: async (input: StaffLoginRequest) =>
    (await apiPost(PARTNER_PATHS.login, input, { schema: staffLoginResponseSchema })).data,
  logout: (token: string) => apiPost(PARTNER_PATHS.logout, {}, { headers: bearer(token), schema: staffLogoutResponseSchema }),
  transition: async (token: string, ticketCode: string, to: TripState, reason = '') =>
    (
      await apiPost(
        PARTNER_PATHS.transition,
        { ticket_code: ticketCode, to, reason },
        { headers: bearer(token), schema: staffTransitionResponseSchema },
      )
    ).data,
  assign: async (token: string, input: StaffAssignRequest) =>
    (await apiPost(PARTNER_PATHS.assign, input, { headers: bearer(token), schema: staffAssignResponseSchema })).data,
  /** Takes a quick booking: its contact, or a 409 (leads.errors.quick_taken) when another partner took it first. */
  takeQuickBooking: async (token: string, id: number, lang: Lang) =>
    (
      await apiPost(
        QUICK_BOOKING_PATHS.take,
        { id, lang },
        { headers: bearer(token), schema: staffTakeQuickBookingResponseSchema },
      )
    ).data,
  /** This unmatched transfer pays that ticket (one of the partner's), for the reason given. */
  matchTransfer: async (token: string, transferId: number, ticketCode: string, reason: string) =>
    (
      await apiPost(
        TRANSFER_DESK_PATHS.match,
        { transfer_id: transferId, ticket_code: ticketCode, reason },
        { headers: bearer(token), schema: transferPaidResponseSchema },
      )
    ).data,
  /** This ticket's transfer arrived (with a bank webhook, one it reported), for the reason given. */
  confirmTransfer: async (token: string, ticketCode: string, reason: string) =>
    (
      await apiPost(
        TRANSFER_DESK_PATHS.confirm,
        { ticket_code: ticketCode, reason },
        { headers: bearer(token), schema: transferPaidResponseSchema },
      )
    ).data,
};

/** The owner's changes to the fleet: a driver or car created (no id) or edited (id), or retired. */
export const fleetCalls = {
  saveDriver: async (token: string, input: Record<string, unknown>) =>
    (await apiPost(FLEET_PATHS.saveDriver, input, { headers: bearer(token), schema: fleetDriverResponseSchema })).data,
  retireDriver: async (token: string, id: number) =>
    (await apiPost(FLEET_PATHS.retireDriver, { id }, { headers: bearer(token), schema: fleetDriverResponseSchema })).data,
  saveCar: async (token: string, input: Record<string, unknown>) =>
    (await apiPost(FLEET_PATHS.saveCar, input, { headers: bearer(token), schema: fleetCarResponseSchema })).data,
  /** Uploads a photo (the server checks its type and size) and answers its photo_url. */
  uploadPhoto: async (token: string, file: Blob) =>
    (await apiPost(FLEET_PATHS.photo, file, { headers: bearer(token), schema: fleetPhotoResponseSchema })).data.photo_url,
  retireCar: async (token: string, id: number, lang: Lang) =>
    (await apiPost(FLEET_PATHS.retireCar, { id, lang }, { headers: bearer(token), schema: fleetCarResponseSchema })).data,
};
