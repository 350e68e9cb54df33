// The price-list request a queued return-trip search makes when the connection returns: the runner's alone (the
// return-trip form only queues the search, and loads nothing of pricing for it).
import type { PriceFilters, PriceListParams } from '../pricing';
import type { QueuedRebook } from './rebook-outbox';

/** The price-list request the list page will make for this search (so the fresh check fills its cache). */
export function rebookPriceParams(queued: QueuedRebook, filters: PriceFilters): PriceListParams {
  const { search } = queued;
  return {
    depart_time: search.time,
    dimension_id: search.type,
    pick_address: search.pick.address,
    pick_address_component: JSON.stringify(search.pick.address_component),
    drop_address: search.drop.address,
    drop_address_component: JSON.stringify(search.drop.address_component),
    chair: search.chair,
    lang: queued.lang,
    ...filters,
  };
}
