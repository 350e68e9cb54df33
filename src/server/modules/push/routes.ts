// The push calls over HTTP: the VAPID public key, subscribe (ownership proven like get_ticket_info, and counted
// among the address's ticket lookups) and unsubscribe.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import {
  PUSH_ERROR_KEYS,
  PUSH_PATHS,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from '../../../shared/contract/push';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { bearer } from '../../http/bearer';
import { hasProof, proofOf } from '../../http/ticket-proof';
import type { TicketAccess } from '../tickets/service';
import type { PushService } from './service';

const api = (path: string) => path.slice(API_BASE.length);

export interface PushRouteDeps {
  service: PushService;
  /** The proof of a ticket, counted among the address's ticket lookups like get_ticket_info's. */
  access: TicketAccess;
  clientIp: (c: Context) => string;
}

export function pushRoutes({ service, access, clientIp }: PushRouteDeps) {
  const routes = new Hono();

  routes.get(api(PUSH_PATHS.vapidPublicKey), async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, { public_key: await service.publicKey() });
  });

  routes.post(api(PUSH_PATHS.subscribe), validate('json', pushSubscribeRequestSchema), async (c) => {
    const input = c.get('input');
    const proof = proofOf(c, input, bearer(c, input.token));
    if (!hasProof(proof))
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'contact', message: PUSH_ERROR_KEYS.proofRequired }]);
    // The same answer for a wrong code and a wrong proof, like get_ticket_info.
    const ticket = await access.prove(c, clientIp(c), proof);
    if (!ticket.ok) return ticket.response;
    await service.subscribe(ticket.ticket, input);
    return ok(c, { subscribed: true });
  });

  routes.post(api(PUSH_PATHS.unsubscribe), validate('json', pushUnsubscribeRequestSchema), async (c) => {
    return ok(c, { unsubscribed: await service.unsubscribe(c.get('input').endpoint) });
  });

  return routes;
}
