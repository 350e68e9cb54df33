// Builds the push module: the VAPID keys (environment or database), the web-push sender, the service that other
// modules call when something happens to a ticket, and its routes.
import type { Agent } from 'node:https';
import type { Context } from 'hono';
import { vapidSource } from '../../adapters/push/vapid';
import { createWebPushSender } from '../../adapters/push/web-push';
import type { PushSender } from '../../adapters/push/types';
import type { Db } from '../../db/client';
import type { Logger } from '../../http/errors';
import type { TicketAccess } from '../tickets/service';
import { createPushRepository } from './repository';
import { pushRoutes } from './routes';
import { createPushService } from './service';

export interface PushModuleOptions {
  db: Db;
  log: Logger;
  clientIp: (c: Context) => string;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** The proof of a ticket: the tickets module's ticket access, with the address's lookup counter. */
  access: TicketAccess;
  /** The HTTPS agent for the push services (tests trust their local endpoint with it). */
  httpsAgent?: Agent;
  /** Another sender (default: web-push). */
  sender?: PushSender;
}

export function createPushModule({
  db,
  log,
  clientIp,
  now = () => new Date(),
  env = process.env,
  access,
  httpsAgent,
  sender,
}: PushModuleOptions) {
  const vapid = vapidSource(db, env);
  const service = createPushService({
    repository: createPushRepository(db),
    sender:
      sender ??
      createWebPushSender({
        vapid,
        httpsAgent,
        onError: (error, endpoint) =>
          log.error('push send failed', { host: URL.canParse(endpoint) ? new URL(endpoint).host : '', error: String(error) }),
      }),
    vapid,
    now,
  });
  return { service, routes: pushRoutes({ service, access, clientIp }) };
}
