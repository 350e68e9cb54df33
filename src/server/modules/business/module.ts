// Builds the business module (the business partners' credit accounts) from its dependencies: the service, which
// the leads module (registration), the booking module (booking on credit) and the payments module (top-up
// callbacks) use, and its routes.
import type { Mailer } from '../../adapters/messaging/types';
import type { PaymentGatewayAdapter } from '../../adapters/payments/types';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { Logger } from '../../http/errors';
import type { LoginThrottle } from '../../http/login-throttle';
import type { RateLimiter } from '../../http/rate-limit';
import type { MessageWriter } from '../../outbox/writer';
import type { TicketAccess } from '../tickets/service';
import { createBusinessRepository } from './repository';
import { businessRoutes } from './routes';
import { createBusinessService } from './service';

/** The credit a ticket was paid from, as the tickets and partners modules read it and a cancellation gives it back. */
export { createTicketCredit, type TicketCredit } from './ticket-credit';

export interface BusinessModuleDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  clientIp: ClientIp;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** The card gateway credit top-ups are paid through (the payments module's online gateway); null: none. */
  topUpGateway: PaymentGatewayAdapter | null;
  /** The failed-login back-off shared by every login. */
  throttle: LoginThrottle;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  /** The proof of a ticket: the tickets module's access. */
  access: TicketAccess;
  /** The outbox writer: a ticket paid on credit writes its payment's messages. */
  messages?: MessageWriter;
}

export function createBusinessModule(deps: BusinessModuleDeps) {
  const { db, mailer, log, clientIp, now = () => new Date(), env = process.env } = deps;
  const service = createBusinessService({
    repository: createBusinessRepository(db, deps.messages),
    mailer,
    log,
    now,
    topUpGateway: deps.topUpGateway,
    throttle: deps.throttle,
  });
  const routes = businessRoutes(service, {
    clientIp,
    now,
    loginAddresses: deps.loginAddresses,
    access: deps.access,
    publicUrl: env.PUBLIC_URL?.trim() || undefined,
  });
  return { service, routes };
}

export type BusinessModule = ReturnType<typeof createBusinessModule>;
