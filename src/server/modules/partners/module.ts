// Builds the trips module (the database, a clock) and mounts the partners' agent calls on the API.
import type { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { LoginThrottle } from '../../http/login-throttle';
import type { RateLimiter } from '../../http/rate-limit';
import type { ConfigService } from '../config/service';
import type { MessageWriter } from '../messages/writer';
import { createTripsRepository } from './repository';
import { tripsRoutes } from './routes';
import { createTripsService } from './service';

export interface TripsModuleOptions {
  db: Db;
  config: ConfigService;
  now?: () => Date;
  /** The outbox writer (issue 19): the partner's moves and assignments write their messages with them. */
  messages?: MessageWriter;
  /** The failed-login back-off shared by every login. */
  throttle: LoginThrottle;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
}

export function createTripsModule({ db, config, now = () => new Date(), messages, throttle }: TripsModuleOptions) {
  return createTripsService({
    repository: createTripsRepository(db, messages),
    now,
    throttle,
    nightCheckSeconds: async () => (await config.get()).system.night_booking_check_max_seconds,
    paymentWindowMinutes: async () => (await config.get()).system.payment_window_minutes,
  });
}

/** From app.ts: mounts the agent routes on `api` and returns the service. */
export function mountTrips(api: Hono, options: TripsModuleOptions) {
  const trips = createTripsModule(options);
  api.route('/', tripsRoutes(trips, { loginAddresses: options.loginAddresses, clientIp: options.clientIp, now: options.now }));
  return trips;
}
