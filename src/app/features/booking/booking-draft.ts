// The booking draft of spec 3, held in the local store between the price list and the billing form: its fields,
// reading it back, and clearing it on a new search. Choosing a price option writes it (choose-option.ts); billing
// (the booking issue) fills the rest.
import type { AddressComponent } from '../../../shared/contract/places';
import { readEntry, removeEntry } from '../../lib/store-keys';

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
