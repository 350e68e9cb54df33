// passenger/get_price_list and passenger/get_hourly_price_list (spec 7): GET with the request in the query
// string. Prices change with time and seats, so the answers are never cached (the API's default no-store).
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  hourlyPriceListRequestSchema,
  priceListRequestSchema,
  PRICING_ERROR_KEYS,
  PRICING_PATHS,
  ROUTE_UNAVAILABLE_STATUS,
} from '../../../shared/contract/pricing';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { withinConfiguredLimits } from '../../http/configured-limits';
import type { ConfigService } from '../config/service';
import type { PricingService } from './service';

const rel = (path: string) => path.slice(API_BASE.length);

export function pricingRoutes(service: PricingService, config: ConfigService) {
  const routes = new Hono();
  // spec 9: the configured passenger and extra address limits (the schema holds the spec's own).
  const limits = withinConfiguredLimits(async () => (await config.get()).system);
  routes.get(rel(PRICING_PATHS.priceList), validate('query', priceListRequestSchema), limits, async (c) => {
    const result = await service.priceList(c.get('input'));
    if (!result.ok) return fail(c, ROUTE_UNAVAILABLE_STATUS, PRICING_ERROR_KEYS.routeUnavailable);
    return ok(c, result.data);
  });
  routes.get(rel(PRICING_PATHS.hourlyPriceList), validate('query', hourlyPriceListRequestSchema), limits, async (c) => {
    const result = await service.hourlyPriceList(c.get('input'));
    if (!result.ok) return fail(c, ROUTE_UNAVAILABLE_STATUS, PRICING_ERROR_KEYS.routeUnavailable);
    return ok(c, result.data);
  });
  return routes;
}
