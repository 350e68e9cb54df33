// Builds the trips module (the database, a clock) and mounts the partners' agent calls on the API.
import type { Hono } from 'hono';
import type { PushEventType } from '../../../shared/contract/push';
import type { Db } from '../../db/client';
import type { ConfigService } from '../config/service';
import { createTripsRepository } from './repository';
import { tripsRoutes } from './routes';
import { createTripsService } from './service';

export interface TripsModuleOptions {
  db: Db;
  config: ConfigService;
  now?: () => Date;
  /** Tells the passenger's subscribed browsers (the push module's notifyInBackground). */
  notify?: (ticketId: number, type: PushEventType) => void;
}

export function createTripsModule({ db, config, now = () => new Date(), notify }: TripsModuleOptions) {
  return createTripsService({
    repository: createTripsRepository(db),
    now,
    notify,
    nightCheckSeconds: async () => (await config.get()).system.night_booking_check_max_seconds,
  });
}

/** From app.ts: mounts the agent routes on `api` and returns the service. */
export function mountTrips(api: Hono, options: TripsModuleOptions) {
  const trips = createTripsModule(options);
  api.route('/', tripsRoutes(trips));
  return trips;
}
