// Builds the pricing module (the price lists of spec 3 and 7) from its dependencies.
import type { Router } from '../../adapters/router/types';
import type { Db } from '../../db/client';
import type { ConfigService } from '../config/service';
import { createPricingRepository } from './repository';
import { pricingRoutes } from './routes';
import { createPricingService } from './service';

/** The partners' names beside the ratings and the scores the ratings write (the tickets module's). */
export { partnerNames, setPartnerScores, type PartnerScore } from './partner-scores';
/** A transport partner made by the partners module's onboarding (an approved application). */
export { createTransportPartner } from './partner-records';

export function createPricingModule({ db, config, router }: { db: Db; config: ConfigService; router: Router }) {
  const service = createPricingService({ repository: createPricingRepository(db), config, router });
  return { service, routes: pricingRoutes(service, config) };
}
