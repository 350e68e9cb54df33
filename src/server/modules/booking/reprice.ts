// Re-pricing of a chosen option (spec 7: the server prices the ticket itself): the option as the pricing
// service offers it now, found by its id through the price list's pages, filtered to its vehicle and ride method.
import type { BookingRequest, HourlyBookingRequest } from '../../../shared/contract/booking';
import type { HourlyPriceOption, PriceOption } from '../../../shared/contract/pricing';
import type { PricingService } from '../pricing/service';

type Page<T> = { ok: true; data: { items: T[]; page: number } } | { ok: false };

/** Walks the pages (spec 4: page -1 = no more) until the option with `optionId` appears; at most 20 pages. */
async function findOption<T extends { option_id: string }>(
  optionId: string,
  fetchPage: (page: number) => Promise<Page<T>>,
): Promise<T | null> {
  let page = 1;
  for (let guard = 0; guard < 20 && page > 0; guard += 1) {
    const result = await fetchPage(page);
    if (!result.ok) return null;
    const option = result.data.items.find((candidate) => candidate.option_id === optionId);
    if (option) return option;
    page = result.data.page;
  }
  return null;
}

/** spec 7: the chosen option as the price list offers it now, or null when it is gone. Filters keep the search small. */
export function repriceRide(pricing: PricingService, input: BookingRequest): Promise<PriceOption | null> {
  return findOption(input.option_id, (page) =>
    pricing.priceList({
      depart_time: input.depart_time,
      dimension_id: input.dimension_id === 3 ? 3 : 1,
      pick_address: input.pick_address,
      pick_address_component: input.pick_address_component,
      drop_address: input.drop_address,
      drop_address_component: input.drop_address_component,
      more_address: input.more_address,
      chair: input.chair,
      vehicle_id: input.vehicle_id,
      ride_method_id: input.ride_method_id === 2 ? 2 : 1,
      service: '',
      sort: '',
      page,
      lang: input.lang,
    }),
  );
}

export function repriceHourly(pricing: PricingService, input: HourlyBookingRequest): Promise<HourlyPriceOption | null> {
  return findOption(input.option_id, (page) =>
    pricing.hourlyPriceList({
      depart_time: input.depart_time,
      pick_address: input.pick_address,
      pick_address_component: input.pick_address_component,
      duration: input.duration,
      vehicle_id: input.vehicle_id,
      service: '',
      sort: 'price_lowest',
      page,
      lang: input.lang,
    }),
  );
}
