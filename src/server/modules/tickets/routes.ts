// The ticket's own calls over HTTP: get_ticket_info (the lookup: the ticket proven by its key, its contact or its
// owner's token) and its live stream (passenger/ticket_events), with the cancellation and rating calls beside them.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import { CANCEL_ERROR_KEYS } from '../../../shared/contract/tickets';
import type { TicketRow } from '../../db/schema';
import { bearer } from '../../http/bearer';
import { fail, ok } from '../../http/envelope';
import { hasProof, proofOf } from '../../http/ticket-proof';
import { validate } from '../../http/validate';
import type { yup } from '../../../shared/contract/yup';
import type { TicketAccess } from './access';
import { cancelApiRoutes } from './cancel-routes';
import type { CancelService } from './cancel-service';
import type { RatingsService } from './ratings-service';
import { ratingsRoutes } from './ratings-routes';
import type { TicketRepository } from './repository';
import type { TripExtras } from './extras';
import { addressIn, ticketInfo, type PlaceAddress } from './view';
import type { TicketWatch } from './watch';
import { TICKET_LOOKUP_PATHS, ticketInfoRequestSchema } from '../../../shared/contract/tickets';

const api = (path: string) => path.slice(API_BASE.length);

/** What the ticket routes are built from. */
/** The names a ticket shows, by its partner and vehicle type ids ('' when one is gone). */
export type TicketNames = (
  partnerId: number,
  vehicleId: number,
) => Promise<{ partnerName: string; vehicleVi: string; vehicleEn: string }>;

export interface TicketRoutesModule {
  access: TicketAccess;
  cancel: CancelService;
  ratings: RatingsService;
  repository: TicketRepository;
  /** The pricing module's: the names a ticket shows (its partner's and its vehicle type's). */
  names: TicketNames;
  /** What the lookup shows beside the row: driver, rating, credit, messages. */
  extras: TripExtras;
  /** The places module's gazetteer: a booked place's address in the page's language. */
  placeAddress?: PlaceAddress;
  /** The live ticket pages' change feed. */
  watch: TicketWatch;
  /** Whether the ticket page draws a map (MAP_TILE_URL is set): only then does it get the driver's coordinates. */
  mapShown?: boolean;
  clientIp: (c: Context) => string;
  now: () => Date;
}

/** How long one live stream lasts (the browser then reconnects), and how often a quiet one says it is there. */
const LIVE_STREAM_MS = 5 * 60_000;
const LIVE_HEARTBEAT_MS = 20_000;
/**
 * Open streams a process holds, per client address and in all: a key proves a ticket without spending a lookup, so
 * the line itself is capped. A refused stream (429, 503) makes the page look the ticket up every few seconds instead.
 */
export const LIVE_STREAMS_PER_ADDRESS = 6;
export const LIVE_STREAMS_MAX = 5_000;

/** get_ticket_info's data for a ticket row (the live stream sends the same). */
async function ticketAnswer(module: TicketRoutesModule, row: TicketRow, lang: string) {
  const [names, extras] = await Promise.all([module.names(row.partnerId, row.vehicleId), module.extras(row.id)]);
  const shown = ticketInfo(row, names, lang, module.now(), extras);
  // Without a map the page shows the distance line only: the coordinates stay on the server.
  const info =
    shown.driver_position && !module.mapShown
      ? { ...shown, driver_position: { ...shown.driver_position, driver: undefined, pickup: undefined } }
      : shown;
  const place = module.placeAddress;
  if (!place) return info;
  return {
    ...info,
    pick_address: addressIn(info.pick_address, info.pick_place_id ?? '', lang, place),
    drop_address: addressIn(info.drop_address, info.drop_place_id ?? '', lang, place),
  };
}

export function ticketRoutes(module: TicketRoutesModule) {
  const routes = new Hono();
  // Claimed and given back with no await in between, so concurrent requests cannot pass the caps together.
  const liveStreams = new Map<string, number>();
  let liveTotal = 0;
  const { clientIp } = module;

  /** The ticket a lookup names and proves, or the answer to give instead. */
  async function proven(c: Context, input: yup.InferType<typeof ticketInfoRequestSchema>) {
    const proof = proofOf(c, input, bearer(c, undefined));
    // spec 5: the lookup needs a phone or an e-mail; the booking browser may send the ticket's key instead.
    if (!hasProof(proof)) {
      const response = fail(c, 400, ERROR_KEYS.validation, [{ field: 'phone_number', message: BOOKING_ERROR_KEYS.phone }]);
      return { ok: false as const, response };
    }
    // The same answer for a wrong code and a wrong contact: nothing tells a guesser which was wrong.
    return module.access.prove(c, clientIp(c), proof);
  }

  routes.get(api(TICKET_LOOKUP_PATHS.ticketInfo), validate('query', ticketInfoRequestSchema), async (c) => {
    const input = c.get('input');
    const ticket = await proven(c, input);
    if (!ticket.ok) return ticket.response;
    return ok(c, await ticketAnswer(module, ticket.ticket, input.lang));
  });

  /**
   * A live ticket as Server-Sent Events: the ticket at once (event `ticket`, get_ticket_info's data), then
   * again within about a second of each change (tickets/watch.ts), a comment every 20 s to keep proxies from
   * closing the line, and an end after 5 minutes, when the browser reconnects (with the same proof, once more).
   */
  routes.get(api(TICKET_LOOKUP_PATHS.ticketEvents), validate('query', ticketInfoRequestSchema), async (c) => {
    const input = c.get('input');
    const ticket = await proven(c, input);
    if (!ticket.ok) return ticket.response;
    const first = ticket.ticket;
    const ip = clientIp(c);
    const mine = liveStreams.get(ip) ?? 0;
    if (mine >= LIVE_STREAMS_PER_ADDRESS) return fail(c, 429, CANCEL_ERROR_KEYS.tooManyLookups);
    if (liveTotal >= LIVE_STREAMS_MAX) return fail(c, 503, ERROR_KEYS.serverBusy);
    liveStreams.set(ip, mine + 1);
    liveTotal += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      liveTotal -= 1;
      const left = (liveStreams.get(ip) ?? 1) - 1;
      if (left > 0) liveStreams.set(ip, left);
      else liveStreams.delete(ip);
    };
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      stream.onAbort(release);
      let wake: () => void = () => {};
      let changed = false;
      const unwatch = module.watch.watch(first.id, first.updatedAt, () => {
        changed = true;
        wake();
      });
      stream.onAbort(() => wake());
      try {
        await stream.writeSSE({ event: 'ticket', data: JSON.stringify(await ticketAnswer(module, first, input.lang)) });
        const ends = Date.now() + LIVE_STREAM_MS;
        while (!stream.aborted && Date.now() < ends) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, Math.min(LIVE_HEARTBEAT_MS, Math.max(0, ends - Date.now())));
          });
          if (stream.aborted) break;
          if (!changed) {
            await stream.write(': keep-alive\n\n');
            continue;
          }
          changed = false;
          const row = await module.repository.findByCode(first.code);
          if (row) await stream.writeSSE({ event: 'ticket', data: JSON.stringify(await ticketAnswer(module, row, input.lang)) });
        }
      } finally {
        unwatch();
        release();
      }
    });
    // The stream carries the passenger's name and phone: never stored by any cache. streamSSE sets its own
    // `no-cache` (stored, then revalidated), over whatever the route set before it, so this comes after it.
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });

  routes.route('/', cancelApiRoutes(module, clientIp));
  routes.route('/', ratingsRoutes(module.ratings, { clientIp, access: module.access }));
  return routes;
}
