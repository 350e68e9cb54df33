// The rating calls over HTTP: rate_ticket (POST; ownership proven like get_ticket_info and counted among the
// address's ticket lookups, so it cannot be used to guess contacts) and get_customer_ratings (GET, public content).
import type { Context, Hono } from 'hono';
import { Hono as Router } from 'hono';
import { TICKET_LOOKUP_LIMIT, TICKET_LOOKUP_WINDOW_SECONDS } from '../../../shared/contract/cancellation';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import {
  RATING_ERROR_KEYS,
  RATING_PATHS,
  customerRatingsRequestSchema,
  rateTicketRequestSchema,
} from '../../../shared/contract/ratings';
import type { Db } from '../../db/client';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { createRateLimiter } from '../booking/rate-limit';
import { bearer, lookupLimited } from '../booking/routes-cancel';
import { createRatingsRepository } from './repository';
import { createRatingsService } from './service';

const api = (path: string) => path.slice(API_BASE.length);

export interface RatingsModuleOptions {
  db: Db;
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  clientIp: (c: Context) => string;
  now?: () => Date;
  /** Ticket lookups per client address per window (default the contract's TICKET_LOOKUP_LIMIT). */
  ticketLookupLimit?: number;
}

/** From app.ts: mounts the rating calls on `api` and returns the service. */
export function mountRatings(
  api_: Hono,
  { db, userIdForToken, clientIp, now = () => new Date(), ticketLookupLimit = TICKET_LOOKUP_LIMIT }: RatingsModuleOptions,
) {
  const service = createRatingsService({ repository: createRatingsRepository(db), userIdForToken, now });
  const lookupLimiter = createRateLimiter(db, { limit: ticketLookupLimit, windowSeconds: TICKET_LOOKUP_WINDOW_SECONDS });
  const routes = new Router();

  routes.post(api(RATING_PATHS.rateTicket), validate('json', rateTicketRequestSchema), async (c) => {
    const input = c.get('input');
    const token = bearer(c, input.token);
    if (!input.contact && !token)
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'contact', message: RATING_ERROR_KEYS.proofRequired }]);
    const limited = await lookupLimited(c, lookupLimiter, clientIp(c), now());
    if (limited) return limited;
    const result = await service.rate(input, token);
    return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
  });

  routes.get(api(RATING_PATHS.customerRatings), validate('query', customerRatingsRequestSchema), async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return ok(c, { items: await service.customerRatings(c.get('input').limit) });
  });

  api_.route('/', routes);
  return service;
}
