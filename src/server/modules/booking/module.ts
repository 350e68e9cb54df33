// Builds the booking module from its dependencies (the database, the pricing and config services, a clock) and
// mounts its routes on the API and the hub. The clock is injectable so that tests move time instead of sleeping.
import type { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { Logger } from '../../http/errors';
import type { ConfigService } from '../config/service';
import type { PricingService } from '../pricing/service';
import { createPromotionRepository } from './repository-promotions';
import { createTicketRepository } from './repository-tickets';
import { bookingApiRoutes, bookingHubRoutes } from './routes';
import { createNightService } from './service-night';
import { createPromotionService } from './service-promotions';
import { createTicketService } from './service-tickets';
import { createVanguardService } from './service-vanguard';

export interface BookingModuleOptions {
  db: Db;
  pricing: PricingService;
  config: ConfigService;
  log: Logger;
  now?: () => Date;
}

export function createBookingModule({ db, pricing, config, log, now = () => new Date() }: BookingModuleOptions) {
  const tickets = createTicketRepository(db);
  const promotionRepository = createPromotionRepository(db);
  const settings = () => promotionRepository.bookingSettings();
  const promotions = createPromotionService(promotionRepository);
  const vanguard = createVanguardService(tickets, settings, now);
  const services = {
    tickets: createTicketService({ tickets, promotions, vanguard, pricing, config, settings, now }),
    promotions,
    vanguard,
    night: createNightService({ tickets, config, now }),
    repository: tickets,
    config,
    now,
    log,
  };
  return services;
}

export type BookingModule = ReturnType<typeof createBookingModule>;

/** From app.ts: mounts the API routes on `api` and returns the hub's routes (spec 7 vanguard) for /hub. */
export function mountBooking(api: Hono, options: BookingModuleOptions): Hono {
  const module = createBookingModule(options);
  api.route('/', bookingApiRoutes(module));
  return bookingHubRoutes(module);
}
