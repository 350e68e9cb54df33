// The booking draft of spec 3, held in the local store between the price list and the billing form.
// Choosing a price option fills the trip and partner fields; billing (the booking issue) fills the rest.
import type { AddressComponent, Suggestion } from '../../../shared/contract/places';
import type { HourlyPriceOption, PriceOption } from '../../../shared/contract/pricing';
import { formatVnd } from '../../../shared/domain/money';
import { BILLING_DRAFT_KEY, readEntry, removeEntry, writeEntry } from '../../lib/store-keys';
import type { TripSubmit } from './components/booking-widget';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    ticket: BookingDraft;
    'hourly-ticket': HourlyBookingDraft;
  }
}

export const DRAFT_KEY = 'ticket';
export const HOURLY_DRAFT_KEY = 'hourly-ticket';

export interface BookingDraft {
  pickAddress: string;
  pickComponent: AddressComponent;
  pickIsAirport: boolean;
  dropAddress: string;
  dropComponent: AddressComponent;
  dropIsAirport: boolean;
  isAirport: boolean;
  moreAddress: { address: string; address_component: AddressComponent; type: 'pick' | 'drop' }[];
  moreAddressCost: number;
  chunkId: number;
  pmId: number;
  rideMethodId: number;
  airportCode: string;
  /** "HH:mm d/M/yyyy" */
  departTime: string;
  chair: number;
  dimension: 1 | 3;
  merged: number;
  mergedFormat: string;
  vehicleId: number;
  vehicleName: string;
  vehicleServiceName: string;
  starVote: number | null;
  partnerId: number;
  partnerName: string;
  boardPrice: number;
  nightFee: number;
  tollFee: number | 'NA';
  vatPercent: number;
  useMemberPromotionCost: boolean;
  optionId: string;
  createdAt: number;
}

export interface HourlyBookingDraft {
  pickAddress: string;
  pickComponent: AddressComponent;
  departTime: string;
  duration: number;
  price: number;
  vehicleId: number;
  vehicleName: string;
  vehicleServiceName: string;
  partnerId: number;
  partnerName: string;
  starVote: number | null;
  kmLimit: number;
  extraPriceHour: number;
  extraPriceKm: number;
  kmLimitFormat: string;
  extraPriceHourFormat: string;
  extraPriceKmFormat: string;
  vatPercent: number;
  pmId: number;
  optionId: string;
  createdAt: number;
}

type TripChoice = TripSubmit & { vatPercent: number };

/**
 * spec 4: choosing a price option clears the member-promotion use. The billing form's draft (what was typed) keeps
 * the passenger's details, but the member credit is asked again for the new option and its price.
 */
function forgetMemberPromotionUse() {
  const draft = readEntry(BILLING_DRAFT_KEY);
  if (draft?.use_member_promotion) writeEntry(BILLING_DRAFT_KEY, { ...draft, use_member_promotion: false });
}

export function chooseTripOption(search: TripChoice, option: PriceOption): BookingDraft {
  const draft: BookingDraft = {
    pickAddress: search.pick.address,
    pickComponent: search.pick.address_component,
    pickIsAirport: search.pick.address_component.kind === 'airport',
    dropAddress: search.drop.address,
    dropComponent: search.drop.address_component,
    dropIsAirport: search.drop.address_component.kind === 'airport',
    isAirport: option.is_airport,
    moreAddress: search.more
      ? [{ address: search.more.place.address, address_component: search.more.place.address_component, type: search.more.kind }]
      : [],
    moreAddressCost: option.more_address_cost,
    chunkId: option.chunk_id,
    pmId: option.pm_id,
    rideMethodId: option.ride_method_id,
    airportCode: option.airport_code,
    departTime: search.time,
    chair: search.chair,
    dimension: search.type,
    merged: option.merged,
    mergedFormat: formatVnd(option.merged),
    vehicleId: option.vehicle_id,
    vehicleName: option.vehicle_name,
    vehicleServiceName: option.service_name,
    starVote: option.partner.rating,
    partnerId: option.partner.id,
    partnerName: option.partner.name,
    boardPrice: option.board_price,
    nightFee: option.night_fee,
    tollFee: option.toll_fee,
    vatPercent: search.vatPercent,
    // spec 4: choosing a price option clears member-promotion use.
    useMemberPromotionCost: false,
    optionId: option.option_id,
    createdAt: Date.now(),
  };
  writeEntry(DRAFT_KEY, draft);
  forgetMemberPromotionUse();
  return draft;
}

export function chooseHourlyOption(
  search: { pick: Suggestion; time: string; vatPercent: number },
  option: HourlyPriceOption,
): HourlyBookingDraft {
  const draft: HourlyBookingDraft = {
    pickAddress: search.pick.address,
    pickComponent: search.pick.address_component,
    departTime: search.time,
    duration: option.duration,
    price: option.price,
    vehicleId: option.vehicle_id,
    vehicleName: option.vehicle_name,
    vehicleServiceName: option.service_name,
    partnerId: option.partner.id,
    partnerName: option.partner.name,
    starVote: option.partner.rating,
    kmLimit: option.km_limit,
    extraPriceHour: option.extra_price_hour,
    extraPriceKm: option.extra_price_km,
    kmLimitFormat: `${option.km_limit} km`,
    extraPriceHourFormat: formatVnd(option.extra_price_hour),
    extraPriceKmFormat: formatVnd(option.extra_price_km),
    vatPercent: search.vatPercent,
    pmId: option.pm_id,
    optionId: option.option_id,
    createdAt: Date.now(),
  };
  writeEntry(HOURLY_DRAFT_KEY, draft);
  forgetMemberPromotionUse();
  return draft;
}

/** A booking draft written by older versions names the departure `departDatetime` (spec 3's word). */
function withDepartTime<T extends { departTime: string }>(stored: (T & { departDatetime?: string }) | null): T | null {
  if (!stored) return null;
  const { departDatetime, ...draft } = stored;
  return { ...draft, departTime: stored.departTime ?? departDatetime ?? '' } as T;
}

export function readBookingDraft(): BookingDraft | null {
  return withDepartTime(readEntry(DRAFT_KEY));
}

export function readHourlyBookingDraft(): HourlyBookingDraft | null {
  return withDepartTime(readEntry(HOURLY_DRAFT_KEY));
}

/** spec 4: a new search clears the partner choice. */
export function clearPartnerChoice() {
  removeEntry(DRAFT_KEY);
  removeEntry(HOURLY_DRAFT_KEY);
}
