// The pricing feature's public face: what other features may use of it. Routes may import its files.
export { pricingQueries, type PriceListParams } from './api';
export { DEFAULT_FILTERS, readFilters, type PriceFilters } from './filters';
export { STORE_KEYS, clearStoredPriceLists, priceListHref, useOpenPriceList } from './price-list-links';
