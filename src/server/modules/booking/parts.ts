// What the booking module is made of (its repositories and services, put together from its dependencies): the
// routes are built from these parts, and module.ts adds the routes to them.
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { Logger } from '../../http/errors';
import type { ConfigService } from '../config/service';
import type { RequireDesk } from '../desk/module';
import type { PricingService } from '../pricing/service';
import type { TicketProver } from '../../http/ticket-proof';
import type { MessageWriter } from '../../outbox/writer';
import type { TicketCounts, TicketStates, TicketWriter } from './ports';
import { createBookingRepository } from './repository-create';
import { createPromotionRepository } from './repository-promotions';
import { createNightService } from './service-night';
import { createPromotionService } from './service-promotions';
import { createTicketService } from './service-tickets';
import { createVanguardService } from './service-vanguard';

export interface BookingModuleOptions {
  db: Db;
  pricing: PricingService;
  config: ConfigService;
  log: Logger;
  /** The client address under TRUST_PROXY (http/client-ip.ts). */
  clientIp: ClientIp;
  /** The origin a booking's messages link to (http/origin.ts linkOriginOf with PUBLIC_URL); null when unknown. */
  linkOrigin?: (c: Context) => string | null;
  now?: () => Date;
  /** The accounts module's: the user a valid account token belongs to, else null (spec 6). */
  userIdForToken?: (token: string | undefined) => Promise<number | null>;
  /** The business module's session lookup (booking on credit); absent: no booking on credit. */
  businessAccountForToken?: (token: string) => Promise<{ id: number; creditBalance: number } | null>;
  /** The tickets module's proof of a ticket on every public call, with the address's lookup counter. */
  access: TicketProver;
  /** The tickets module's writer: a booking creates its ticket with it, in the booking's transaction. */
  ticketWriter: TicketWriter;
  /** The tickets module's reads and compare-and-set changes of a ticket (the night flow). */
  ticketStates: TicketStates;
  /** The tickets module's counts of the live booking count. */
  ticketCounts: TicketCounts;
  /** The outbox writer: bookings, night answers and cancellations write their messages with them. */
  messages?: MessageWriter;
  /** Which online methods have a live gateway: one without is neither offered nor booked. */
  onlineMethods?: { card: boolean; paypal: boolean; /** PayPal itself, charging in USD. */ paypalUsd?: boolean };
  /** The desk module's check: with it, the desk's promotion calls are served. */
  requireDesk?: RequireDesk;
  /** What a promotion may be limited to: the transport partners (ids and names) and the airports (IATA codes). */
  promotionPlaces?: PromotionPlaces;
}

export interface PromotionPlaces {
  partnerNames(): Promise<Map<number, string>>;
  airportCodes(): Promise<Set<string>>;
}

export function bookingParts({
  db,
  pricing,
  config,
  log,
  clientIp,
  linkOrigin = () => null,
  now = () => new Date(),
  userIdForToken = async () => null,
  access,
  ticketWriter,
  ticketStates,
  messages,
  businessAccountForToken,
  onlineMethods = { card: true, paypal: true },
}: BookingModuleOptions) {
  const tickets = createBookingRepository(db, ticketWriter, messages);
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
    access,
    userIdForToken,
    promotions,
    vanguard,
    night: createNightService({ tickets: { ...ticketStates, nightPolicy: tickets.nightPolicy }, config, now }),
    repository: tickets,
    config,
    now,
    log,
    clientIp,
    linkOrigin,
    onlineMethods,
  };
  return services;
}

/** What the booking routes are built from. */
export type BookingModule = ReturnType<typeof bookingParts>;
