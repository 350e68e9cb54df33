// Builds the desk module (the operator desk of Vivu's own staff: their logins, roles, sessions and the audit log)
// from its dependencies. `requireDesk` is what every desk call of any module puts in front of its handler; `audit`
// (service.ts) is how it records what the member did, in the action's own transaction.
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { LoginThrottle } from '../../http/login-throttle';
import type { RateLimiter } from '../../http/rate-limit';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { createRequireDesk } from './guard';
import { createDeskRepository } from './repository';
import { deskRoutes } from './routes';
import { createDeskService } from './service';

export { type DeskContext, type DeskVariables, type RequireDesk } from './guard';

export interface DeskModuleDeps {
  db: Db;
  now?: () => Date;
  /** The outbox writer: a login's set-password link is mailed through it. */
  messages?: MessageWriter;
  /** The failed-login back-off shared by every login. */
  throttle: LoginThrottle;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  /** OPERATOR_API_TOKEN: the operator's call that makes a login exists only with one. */
  operatorToken?: string;
}

export function createDeskModule(deps: DeskModuleDeps) {
  const now = deps.now ?? (() => new Date());
  const service = createDeskService({
    repository: createDeskRepository(deps.db),
    throttle: deps.throttle,
    messages: deps.messages ?? NO_MESSAGES,
    now,
  });
  const requireDesk = createRequireDesk(service.memberForToken);
  const routes = new Hono();
  routes.route(
    '/',
    deskRoutes(service, {
      requireDesk,
      operatorToken: deps.operatorToken,
      loginAddresses: deps.loginAddresses,
      clientIp: deps.clientIp,
      now,
    }),
  );
  return { service, requireDesk, routes };
}

export type DeskModule = ReturnType<typeof createDeskModule>;
