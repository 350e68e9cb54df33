// The paths and paging of the price-list calls (pricing.ts), apart from the schemas so the home route's first load
// needs no yup.
export const PRICING_PATHS = {
  priceList: '/api/passenger/get_price_list',
  hourlyPriceList: '/api/passenger/get_hourly_price_list',
} as const;

/** spec 9: results per page; spec 4: page -1 means no more results. */
export const PRICE_PAGE_SIZE = 10;
export const NO_MORE_PAGES = -1;
