// Choosing a price option (spec 3): the search and the option become the booking draft, written to the store
// before billing; the member-promotion use is asked again for the new option (spec 4).
import type { Suggestion } from '../../../shared/contract/places';
import type { HourlyPriceOption, PriceOption } from '../../../shared/contract/pricing';
import { formatVnd } from '../../../shared/domain/money';
import { BILLING_DRAFT_KEY, readEntry, writeEntry } from '../../lib/store-keys';
import { DRAFT_KEY, HOURLY_DRAFT_KEY, type BookingDraft, type HourlyBookingDraft } from './booking-draft';
import type { TripSubmit } from '../../../shared/domain/trip-search';

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
