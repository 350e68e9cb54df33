// Builds the trips module (the database, a clock) and mounts the partners' agent calls on the API.
import type { Hono } from 'hono';
import type { Db } from '../../db/client';
import { createTripsRepository } from './repository';
import { tripsRoutes } from './routes';
import { createTripsService } from './service';

export interface TripsModuleOptions {
  db: Db;
  now?: () => Date;
}

export function createTripsModule({ db, now = () => new Date() }: TripsModuleOptions) {
  return createTripsService({ repository: createTripsRepository(db), now });
}

/** From app.ts: mounts the agent routes on `api` and returns the service. */
export function mountTrips(api: Hono, options: TripsModuleOptions) {
  const trips = createTripsModule(options);
  api.route('/', tripsRoutes(trips));
  return trips;
}
