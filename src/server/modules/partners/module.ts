// Builds the partners module (the transport partners' console: the staff's login, their tickets and their trip
// states, drivers and cars, and the quick bookings they take) from its dependencies: its service and its routes.
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { LoginThrottle } from '../../http/login-throttle';
import type { RateLimiter } from '../../http/rate-limit';
import type { ConfigService } from '../config/service';
import type { MessageWriter } from '../../outbox/writer';
import { quickBookingsRoutes } from './quick-bookings-routes';
import { createQuickBookingsService } from './quick-bookings-service';
import { carsOfTickets, createPartnersRepository } from './repository';
import { partnersRoutes } from './routes';
import { createPartnersService } from './service';
import { transferDeskRoutes } from './transfers-routes';
import { createStatementsService, type StatementPayments, type StatementTickets } from './statements-service';
import { statementsRoutes } from './statements-routes';
import type { TransfersService } from '../payments/module';
import type { QuickBookingDesk } from '../booking/module';
import type { PartnerDesk } from '../tickets/service';
import type { KeptOnCredit, PaymentAttempts } from './ports';
import { paymentWindowsOf } from '../../../shared/domain/payment-window';
import { systemValue } from '../../../shared/domain/system-config';

/** The drivers on tickets and the staff online, as the tickets module's lookup and booking's night flow read them. */
export { createTripCrew, type TripCrew } from './crew';

export interface PartnersModuleDeps {
  db: Db;
  config: ConfigService;
  now?: () => Date;
  /** The outbox writer: the partner's moves and assignments write their messages with them. */
  messages?: MessageWriter;
  /** The failed-login back-off shared by every login. */
  throttle: LoginThrottle;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  /** The payments module's bank transfers desk (unmatched transfers, matching and confirming by hand). */
  transfers?: TransfersService;
  /** The tickets module's desk: the partner's tickets and their moves (a refusal settles what the ticket owes). */
  tickets: PartnerDesk;
  /** The payments module's: each listed ticket's latest payment attempt and whether its window is over. */
  paymentAttempts: PaymentAttempts;
  /** The business module's: the listed tickets a business credit paid and kept. */
  keptOnCredit: KeptOnCredit;
  /** The booking module's quick bookings (save_pending's rows), listed and taken by the partners. */
  quickBookings: QuickBookingDesk;
  /** The tickets module's: the partner's finished and cancelled tickets of a period (the statements). */
  statementTickets: StatementTickets;
  /** The payments module's: each ticket's successful online payment and its cancellation's refunds (the statements). */
  statementPayments: StatementPayments;
  /** The pricing module's vehicle type names by id. */
  vehicleTypeNames: () => Promise<Map<number, { vi: string; en: string }>>;
  /** The pricing module's active transport partners among some ids. */
  activePartners: (ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
}

export function createPartnersModule(deps: PartnersModuleDeps) {
  const { db, config, messages, throttle } = deps;
  const now = deps.now ?? (() => new Date());
  const service = createPartnersService({
    repository: createPartnersRepository(
      db,
      { tickets: deps.tickets, paymentAttempts: deps.paymentAttempts, keptOnCredit: deps.keptOnCredit },
      messages,
    ),
    now,
    throttle,
    nightCheckSeconds: async () => (await config.get()).system.night_booking_check_max_seconds,
    paymentWindowMinutes: async () => (await config.get()).system.payment_window_minutes,
    transferWindowMinutes: async () => paymentWindowsOf((await config.get()).system).transfer,
    vehicleTypeNames: deps.vehicleTypeNames,
    activePartners: deps.activePartners,
  });
  const quickBookings = createQuickBookingsService({
    repository: deps.quickBookings,
    now,
    vehicleTypeNames: deps.vehicleTypeNames,
  });
  const statements = createStatementsService({
    tickets: deps.statementTickets,
    payments: deps.statementPayments,
    keptOnCredit: deps.keptOnCredit,
    commissionPercent: async () => systemValue((await config.get()).system, 'partner_commission_percent'),
  });
  const routes = new Hono();
  routes.route('/', partnersRoutes(service, { loginAddresses: deps.loginAddresses, clientIp: deps.clientIp, now: deps.now }));
  routes.route('/', quickBookingsRoutes(quickBookings, service.staffForToken));
  routes.route('/', statementsRoutes(statements, service.staffForToken));
  if (deps.transfers) routes.route('/', transferDeskRoutes(deps.transfers, service.staffForToken));
  return {
    service,
    /** The car assigned to each of the tickets that has one (the content module's impact figures). */
    carsOfTickets: (ticketIds: readonly number[]) => carsOfTickets(db, ticketIds),
    routes,
  };
}

export type PartnersModule = ReturnType<typeof createPartnersModule>;
