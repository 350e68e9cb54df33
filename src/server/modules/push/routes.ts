// The push calls over HTTP: the VAPID public key, subscribe (ownership proven like get_ticket_info, and counted
// among the address's ticket lookups) and unsubscribe.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import {
  PUSH_ERROR_KEYS,
  PUSH_PATHS,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from '../../../shared/contract/push';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { RateLimiter } from '../booking/rate-limit';
import { bearer, lookupLimited } from '../booking/routes-cancel';
import type { PushService } from './service';

const api = (path: string) => path.slice(API_BASE.length);

export interface PushRouteDeps {
  service: PushService;
  /** The ticket lookups' shared per-address limiter (the same counter as get_ticket_info's). */
  lookupLimiter: RateLimiter;
  clientIp: (c: Context) => string;
  now: () => Date;
}

export function pushRoutes({ service, lookupLimiter, clientIp, now }: PushRouteDeps) {
  const routes = new Hono();

  routes.get(api(PUSH_PATHS.vapidPublicKey), async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, { public_key: await service.publicKey() });
  });

  routes.post(api(PUSH_PATHS.subscribe), validate('json', pushSubscribeRequestSchema), async (c) => {
    const input = c.get('input');
    const token = bearer(c, input.token);
    if (!input.contact && !token)
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'contact', message: PUSH_ERROR_KEYS.proofRequired }]);
    const limited = await lookupLimited(c, lookupLimiter, clientIp(c), now());
    if (limited) return limited;
    // The same answer for a wrong code and a wrong proof, like get_ticket_info.
    if (!(await service.subscribe(input, token))) return fail(c, 404, BOOKING_ERROR_KEYS.ticketNotFound);
    return ok(c, { subscribed: true });
  });

  routes.post(api(PUSH_PATHS.unsubscribe), validate('json', pushUnsubscribeRequestSchema), async (c) => {
    return ok(c, { unsubscribed: await service.unsubscribe(c.get('input').endpoint) });
  });

  return routes;
}
