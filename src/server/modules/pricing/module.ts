// Builds the pricing module (the price lists of spec 3 and 7) from its dependencies.
import type { Router } from '../../adapters/router/types';
import type { Db } from '../../db/client';
import type { ConfigService } from '../config/service';
import { createPricingRepository } from './repository';
import { pricingRoutes } from './routes';
import { createPricingService } from './service';
import { createPartnerFares } from './partner-fares';

/** The partners' names beside the ratings and the scores the ratings write (the tickets module's). */
export { partnerNames, setPartnerScores, type PartnerScore } from './partner-scores';
/** A partner's own fares, fees and availability, read and changed by its owner (the partners module's console). */
export type { FareEditor, FareChangeResult, PartnerFaresDesk } from './partner-fares';
/** A transport partner made by the partners module's onboarding (an approved application). */
export { createTransportPartner } from './partner-records';

export function createPricingModule({
  db,
  config,
  router,
  dayCounts,
}: {
  db: Db;
  config: ConfigService;
  router: Router;
  /** The tickets module's count of each partner's live bookings departing in a range (the daily caps). */
  dayCounts?: (partnerIds: readonly number[], from: Date, to: Date) => Promise<Map<number, number>>;
}) {
  const service = createPricingService({ repository: createPricingRepository(db), config, router, dayCounts });
  // A change drops this server's catalogue at once; the others re-read theirs within CATALOGUE_TTL_MS.
  const fares = createPartnerFares(db, { now: () => new Date(), invalidate: () => service.invalidate() });
  return { service, fares, routes: pricingRoutes(service, config) };
}
