// Builds the tickets module (what happens to a ticket after booking) from its dependencies: the proof of a ticket
// that every public ticket call needs (its access key, its contact or the owner's token, with one counter of
// lookups per client address), the ratings, and their routes. The cancellation calls are still built with the
// booking module's ticket service (booking/module.ts).
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import { createTicketAccess } from './access';
import { createRatingsRepository } from './ratings-repository';
import { ratingsRoutes } from './ratings-routes';
import { createRatingsService } from './ratings-service';

export interface TicketsModuleDeps {
  db: Db;
  clientIp: (c: Context) => string;
  now?: () => Date;
  /** The accounts module's: the user a valid account token belongs to, else null. */
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  /** Ticket lookups per client address and window (default TICKET_LOOKUP_LIMIT; env for the browser tests). */
  lookupLimit?: number;
}

export function createTicketsModule({ db, clientIp, now = () => new Date(), userIdForToken, lookupLimit }: TicketsModuleDeps) {
  const access = createTicketAccess({ db, userIdForToken, now, lookupLimit });
  const ratings = createRatingsService({ repository: createRatingsRepository(db), now });
  return { service: { access, ratings }, routes: ratingsRoutes(ratings, { clientIp, access }) };
}
