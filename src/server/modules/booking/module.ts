// Builds the booking module from its dependencies (the database, the pricing and config services, the tickets
// module's writer, states, counts and proof, a clock): its service, its API routes and its hub routes. Booking never imports
// the tickets module: what it needs of it is declared in ports.ts and handed in by app.ts. The clock is injectable so
// that tests move time instead of sleeping.
import { createDeskPromotionRepository } from './desk-promotions-repository';
import { deskPromotionRoutes } from './desk-promotions-routes';
import { createDeskPromotionService } from './desk-promotions-service';
import { bookingParts, type BookingModuleOptions } from './parts';
import { createLiveRepository } from './live-repository';
import { liveRoutes } from './live-routes';
import { createLiveService } from './live-service';
import { bookingApiRoutes, bookingHubRoutes } from './routes';

export type { BookingModule, BookingModuleOptions } from './parts';
export type { DuplicateKey, Executor, PendingTwin, RecentCounts, TicketCounts, TicketState } from './ports';
/** The quick bookings as the partners' console lists and takes them. */
export { createQuickBookingDesk, type QuickBookingDesk, type QuickBookingRow } from './quick-bookings-desk';

/** The booking module: its ticket service, its API routes and the hub's routes (spec 7 vanguard) for /hub. */
export function createBookingModule(deps: BookingModuleOptions) {
  const parts = bookingParts(deps);
  const { db, log, clientIp, now = () => new Date(), config } = deps;
  // Beside the booking: the live count, the pickup window and save_pending.
  const live = createLiveService({
    repository: createLiveRepository(db),
    tickets: deps.ticketCounts,
    log,
    now,
    system: async () => (await config.get()).system,
  });
  const routes = bookingApiRoutes(parts);
  routes.route('/', liveRoutes({ db, service: live, clientIp, now }));
  // The operator desk's promotion codes (finance and admin).
  if (deps.requireDesk) {
    const service = createDeskPromotionService(createDeskPromotionRepository(db), now, deps.promotionPlaces);
    routes.route('/', deskPromotionRoutes(service, deps.requireDesk));
  }
  return {
    service: parts.tickets,
    /** The payments module's change of method keeps to a promotion's methods. */
    promotionPayMethods: (code: string) => parts.promotions.payMethodsOf(code),
    routes,
    hubRoutes: bookingHubRoutes(parts),
  };
}
