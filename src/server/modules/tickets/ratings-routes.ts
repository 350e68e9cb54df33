// The rating calls over HTTP: rate_ticket (POST; the ticket proven like every ticket call, tickets/access.ts,
// a contact counted among the address's ticket lookups, so it cannot be used to guess contacts) and get_customer_ratings (GET, public content).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import {
  RATING_ERROR_KEYS,
  RATING_PATHS,
  customerRatingsRequestSchema,
  rateTicketRequestSchema,
} from '../../../shared/contract/tickets';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { bearer } from '../../http/bearer';
import { hasProof, proofOf } from '../../http/ticket-proof';
import type { TicketAccess } from './access';
import type { RatingsService } from './ratings-service';

const api = (path: string) => path.slice(API_BASE.length);

export interface RatingsRoutesOptions {
  clientIp: (c: Context) => string;
  /** The proof of a ticket, with the address's lookup counter. */
  access: TicketAccess;
}

export function ratingsRoutes(service: RatingsService, { clientIp, access }: RatingsRoutesOptions) {
  const routes = new Hono();

  routes.post(api(RATING_PATHS.rateTicket), validate('json', rateTicketRequestSchema), async (c) => {
    const input = c.get('input');
    const proof = proofOf(c, input, bearer(c, input.token));
    if (!hasProof(proof))
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'contact', message: RATING_ERROR_KEYS.proofRequired }]);
    // A wrong code and a wrong proof get the same answer, as get_ticket_info; each counts as a lookup.
    const ticket = await access.prove(c, clientIp(c), proof);
    if (!ticket.ok) return ticket.response;
    const result = await service.rate(ticket.ticket, input);
    return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
  });

  routes.get(api(RATING_PATHS.customerRatings), validate('query', customerRatingsRequestSchema), async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return ok(c, { items: await service.customerRatings(c.get('input').limit) });
  });

  return routes;
}
