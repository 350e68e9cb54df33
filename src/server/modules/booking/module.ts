// Builds the booking module from its dependencies (the database, the pricing and config services, a clock): its
// service, its API routes and its hub routes. The clock is injectable so that tests move time instead of sleeping.
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { Logger } from '../../http/errors';
import type { ConfigService } from '../config/service';
import type { PricingService } from '../pricing/service';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import type { MessageWriter } from '../../outbox/writer';
import { createCancelRepository } from '../tickets/cancel-repository';
import { createPromotionRepository } from './repository-promotions';
import { createTicketRepository } from './repository-tickets';
import { bookingApiRoutes, bookingHubRoutes } from './routes';
import { createCancelService } from '../tickets/cancel-service';
import { createNightService } from './service-night';
import { createPromotionService } from './service-promotions';
import { createTicketService } from './service-tickets';
import type { TicketAccess } from '../tickets/access';
import { createTicketWatch } from '../tickets/watch';
import { createVanguardService } from './service-vanguard';
import { createLiveRepository } from './live-repository';
import { liveRoutes } from './live-routes';
import { createLiveService } from './live-service';

export interface BookingModuleOptions {
  db: Db;
  pricing: PricingService;
  config: ConfigService;
  log: Logger;
  /** The client address under TRUST_PROXY (http/client-ip.ts). */
  clientIp: ClientIp;
  now?: () => Date;
  /** The accounts module's: the user a valid account token belongs to, else null (spec 6). */
  userIdForToken?: (token: string | undefined) => Promise<number | null>;
  /** The business module's session lookup (booking on credit); absent: no booking on credit. */
  businessAccountForToken?: (token: string) => Promise<{ id: number; creditBalance: number } | null>;
  /** The proof of a ticket on every public call, with the address's lookup counter. */
  access: TicketAccess;
  /** The outbox writer: bookings, night answers and cancellations write their messages with them. */
  messages?: MessageWriter;
  /** Which online methods have a live gateway: one without is neither offered nor booked. */
  onlineMethods?: { card: boolean; paypal: boolean; /** PayPal itself, charging in USD. */ paypalUsd?: boolean };
}

function bookingParts({
  db,
  pricing,
  config,
  log,
  clientIp,
  now = () => new Date(),
  userIdForToken = async () => null,
  access,
  messages,
  businessAccountForToken,
  onlineMethods = { card: true, paypal: true },
}: BookingModuleOptions) {
  const tickets = createTicketRepository(db, messages);
  const promotionRepository = createPromotionRepository(db);
  // The booking settings come with the cached configuration: no query per booking for them.
  const settings = () => config.get().then((snapshot) => snapshot.booking);
  const promotions = createPromotionService(promotionRepository);
  const vanguard = createVanguardService(tickets, settings, now);
  const ticketService = createTicketService({
    tickets,
    promotions,
    vanguard,
    pricing,
    config,
    now,
    userIdForToken,
    businessAccountForToken,
    onlineMethods,
  });
  const services = {
    tickets: ticketService,
    cancel: createCancelService({
      cancels: createCancelRepository(db, messages),
      tickets,
      ticketService,
      now,
      notFoundKey: BOOKING_ERROR_KEYS.ticketNotFound,
    }),
    lookupLimiter: access.limiter,
    /** The live ticket pages' change feed. */
    watch: createTicketWatch(db),
    access,
    userIdForToken,
    promotions,
    vanguard,
    night: createNightService({ tickets, config, now }),
    repository: tickets,
    config,
    now,
    log,
    clientIp,
    onlineMethods,
  };
  return services;
}

/** What the booking routes are built from. */
export type BookingModule = ReturnType<typeof bookingParts>;

/** The booking module: its ticket service, its API routes and the hub's routes (spec 7 vanguard) for /hub. */
export function createBookingModule(deps: BookingModuleOptions) {
  const parts = bookingParts(deps);
  const { db, log, clientIp, now = () => new Date(), config } = deps;
  // Beside the booking: the live count, the pickup window and save_pending.
  const live = createLiveService({
    repository: createLiveRepository(db),
    log,
    now,
    system: async () => (await config.get()).system,
  });
  const routes = bookingApiRoutes(parts);
  routes.route('/', liveRoutes({ db, service: live, clientIp, now }));
  return {
    service: parts.tickets,
    /** The payments module's change of method keeps to a promotion's methods. */
    promotionPayMethods: (code: string) => parts.promotions.payMethodsOf(code),
    routes,
    hubRoutes: bookingHubRoutes(parts),
  };
}
