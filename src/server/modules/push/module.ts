// Builds the push module: the VAPID keys (environment or database), the web-push sender, the service that other
// modules call when something happens to a ticket, and its routes.
import type { Agent } from 'node:https';
import type { Context } from 'hono';
import { TICKET_LOOKUP_LIMIT, TICKET_LOOKUP_WINDOW_SECONDS } from '../../../shared/contract/cancellation';
import { vapidSource } from '../../adapters/push/vapid';
import { createWebPushSender } from '../../adapters/push/web-push';
import type { PushSender } from '../../adapters/push/types';
import type { Db } from '../../db/client';
import type { Logger } from '../../http/errors';
import { createRateLimiter } from '../booking/rate-limit';
import { createPushRepository } from './repository';
import { pushRoutes } from './routes';
import { createPushService } from './service';

export interface PushModuleOptions {
  db: Db;
  log: Logger;
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  clientIp: (c: Context) => string;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Ticket lookups per client address per window (default the contract's TICKET_LOOKUP_LIMIT). */
  ticketLookupLimit?: number;
  /** The HTTPS agent for the push services (tests trust their local endpoint with it). */
  agent?: Agent;
  /** Another sender (default: web-push). */
  sender?: PushSender;
}

export function createPushModule({
  db,
  log,
  userIdForToken,
  clientIp,
  now = () => new Date(),
  env = process.env,
  ticketLookupLimit = TICKET_LOOKUP_LIMIT,
  agent,
  sender,
}: PushModuleOptions) {
  const vapid = vapidSource(db, env);
  const service = createPushService({
    repository: createPushRepository(db),
    sender:
      sender ??
      createWebPushSender({
        vapid,
        agent,
        onError: (error, endpoint) =>
          log.error('push send failed', { host: URL.canParse(endpoint) ? new URL(endpoint).host : '', error: String(error) }),
      }),
    vapid,
    userIdForToken,
    now,
    log,
  });
  const lookupLimiter = createRateLimiter(db, { limit: ticketLookupLimit, windowSeconds: TICKET_LOOKUP_WINDOW_SECONDS });
  return { service, routes: pushRoutes({ service, lookupLimiter, clientIp, now }) };
}
