// Builds the partners module (the transport partners' console: the staff's login, their tickets and their trip
// states, drivers and cars, and the quick bookings they take) from its dependencies: its service and its routes.
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { LoginThrottle } from '../../http/login-throttle';
import type { RateLimiter } from '../../http/rate-limit';
import type { ConfigService } from '../config/service';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { quickBookingsRoutes } from './quick-bookings-routes';
import { createQuickBookingsService } from './quick-bookings-service';
import { carsOfTickets, createPartnersRepository } from './repository';
import { partnersRoutes } from './routes';
import { createPartnersService } from './service';
import { transferDeskRoutes } from './transfers-routes';
import { createFleetRepository } from './fleet-repository';
import { fleetRoutes } from './fleet-routes';
import { createFleetPhotos } from './fleet-photos';
import { createFleetService, type VehicleClass } from './fleet-service';
import { createDriverTripDesk } from './driver-trip';
import { createPositionStore } from './positions';
import { driverTripRoutes } from './driver-trip-routes';
import { faresRoutes } from './fares-routes';
import type { PartnerFaresDesk } from '../pricing/module';
import type { PartnerApplications } from '../leads/module';
import { operatorRoutes, staffRoutes } from './join-routes';
import { createOnboardingService, type OnboardingDeps } from './onboarding-service';
import { createStaffRepository } from './staff-repository';
import { createStaffService } from './staff-service';
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
  /** The pricing module's desk of each partner's own fares, fees and availability (the console's Fares tab). */
  fares?: PartnerFaresDesk;
  /** The tickets module's: the partner's finished and cancelled tickets of a period (the statements). */
  statementTickets: StatementTickets;
  /** The payments module's: each ticket's successful online payment and its cancellation's refunds (the statements). */
  statementPayments: StatementPayments;
  /** The pricing module's vehicle type names by id. */
  vehicleTypeNames: () => Promise<Map<number, { vi: string; en: string }>>;
  /** The folder the drivers' and cars' photos are kept in (in the server's data folder). */
  photoDir: () => string;
  /** The pricing module's vehicle types by id, with their seats (a car's class). */
  vehicleClasses: () => Promise<Map<number, VehicleClass>>;
  /** The pricing module's active transport partners among some ids. */
  activePartners: (ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
  /**
   * The joining's: the leads module's transport applications and the pricing module's new partner (its messages go
   * through `messages`).
   */
  joining?: {
    applications: PartnerApplications;
    createPartner: OnboardingDeps['createPartner'];
    /** OPERATOR_API_TOKEN: the operator's approval and refusal calls exist only with one. */
    operatorToken?: string;
  };
}

export function createPartnersModule(deps: PartnersModuleDeps) {
  const { db, config, messages, throttle } = deps;
  const now = deps.now ?? (() => new Date());
  const positions = createPositionStore(db);
  const service = createPartnersService({
    positions,
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
  const fleet = createFleetService({ repository: createFleetRepository(db), vehicleClasses: deps.vehicleClasses, now });
  const staffRepository = createStaffRepository(db);
  const joining = deps.joining;
  const onboarding = joining
    ? createOnboardingService({
        staff: staffRepository,
        applications: joining.applications,
        createPartner: joining.createPartner,
        messages: messages ?? NO_MESSAGES,
        now,
      })
    : null;
  const staff = joining
    ? createStaffService({
        staff: staffRepository,
        createSession: (staffId, tokenHash, at) => service.createSession(staffId, tokenHash, at),
        activePartners: deps.activePartners,
        messages: messages ?? NO_MESSAGES,
        now,
      })
    : null;
  const statements = createStatementsService({
    tickets: deps.statementTickets,
    payments: deps.statementPayments,
    keptOnCredit: deps.keptOnCredit,
    commissionPercent: async () => systemValue((await config.get()).system, 'partner_commission_percent'),
  });
  const routes = new Hono();
  if (onboarding) routes.route('/', operatorRoutes(onboarding, staff, joining?.operatorToken));
  if (staff) routes.route('/', staffRoutes(staff, service.staffForToken));
  routes.route('/', partnersRoutes(service, { loginAddresses: deps.loginAddresses, clientIp: deps.clientIp, now: deps.now }));
  routes.route('/', fleetRoutes(fleet, service.staffForToken, createFleetPhotos(deps.photoDir)));
  routes.route('/', quickBookingsRoutes(quickBookings, service.staffForToken));
  routes.route('/', driverTripRoutes(createDriverTripDesk({ db, tickets: deps.tickets, positions, now })));
  routes.route('/', statementsRoutes(statements, service.staffForToken));
  if (deps.transfers) routes.route('/', transferDeskRoutes(deps.transfers, service.staffForToken));
  if (deps.fares) routes.route('/', faresRoutes(deps.fares, service.staffForToken));
  return {
    service,
    /** The partner's drivers and cars as its owner keeps them. */
    fleet,
    /** The operator's approval and refusal of transport applications (the scripts and the API call). */
    onboarding,
    /** The owner's staff logins and the set-password links. */
    staff,
    /** The car assigned to each of the tickets that has one (the content module's impact figures). */
    carsOfTickets: (ticketIds: readonly number[]) => carsOfTickets(db, ticketIds),
    routes,
  };
}

export type PartnersModule = ReturnType<typeof createPartnersModule>;
