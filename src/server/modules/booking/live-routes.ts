// The calls beside a booking over HTTP: the live booking count, the pickup window of a range-time booking, and
// save_pending (the billing form's unfinished booking, or the side menu's quick booking), each save counted per
// client address (429 with Retry-After past the limit).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { BOOKING_PATHS, rangeTimeRequestSchema, savePendingSchema } from '../../../shared/contract/booking';
import { FORM_ERROR_KEYS, PUBLIC_FORM_WINDOW_SECONDS } from '../../../shared/contract/common';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import { quickBookingSchema } from '../../../shared/contract/partners';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import { fail, ok } from '../../http/envelope';
import { publicFormLimit } from '../../http/public-forms';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limit';
import { validate, validateValue } from '../../http/validate';
import type { LiveService } from './live-service';

const api = (path: string) => path.slice(API_BASE.length);

/** save_pending follows the billing form's typing: more saves than forms are allowed. */
const SAVE_PENDING_LIMIT = 60;

export interface LiveRoutesDeps {
  db: Db;
  service: LiveService;
  clientIp: ClientIp;
  now: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Quick bookings per client address per hour (default PUBLIC_FORM_LIMIT; env LEAD_FORM_LIMIT for the browser tests). */
  formLimit?: number;
}

/** The JSON body as an object, or null (wrong content type, bad JSON, not an object): as `validate` reads it. */
async function readJsonObject(c: Context): Promise<Record<string, unknown> | null> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

export function liveRoutes({ db, service, clientIp, now, env = process.env, formLimit }: LiveRoutesDeps) {
  const limit = publicFormLimit(env, formLimit);
  const forms = createRateLimiter(db, { limit, windowSeconds: PUBLIC_FORM_WINDOW_SECONDS });
  const saves = createRateLimiter(db, { limit: Math.max(limit, SAVE_PENDING_LIMIT), windowSeconds: PUBLIC_FORM_WINDOW_SECONDS });

  /** Null when allowed, else the 429 answer. */
  async function limited(c: Context, limiter: RateLimiter, form: string) {
    const decision = await limiter.hit(`${form}:${clientIp(c)}`, now());
    if (decision.allowed) return null;
    c.header('Retry-After', String(decision.retryAfterSeconds));
    return fail(c, 429, FORM_ERROR_KEYS.tooMany, [
      { field: '', message: FORM_ERROR_KEYS.tooMany, params: { seconds: decision.retryAfterSeconds } },
    ]);
  }

  const routes = new Hono();

  routes.get(api(BOOKING_PATHS.notifyNewBooking), async (c) => {
    // A live number: never kept by a cache (the server shares one count for LIVE_BOOKING_CACHE_MS).
    c.header('Cache-Control', 'no-store');
    return ok(c, await service.liveBookingCount());
  });

  routes.get(api(BOOKING_PATHS.rangeTime), validate('query', rangeTimeRequestSchema), (c) =>
    ok(c, service.rangeTime(c.get('input').depart_time)),
  );

  // One path, two bodies: kind 'quick' is the side menu's quick booking (quickBookingSchema), anything else the
  // billing form's save (savePendingSchema). Both count as saves; a quick booking also counts as a public form.
  routes.post(api(BOOKING_PATHS.savePending), async (c) => {
    const body = await readJsonObject(c);
    if (!body) return fail(c, 400, ERROR_KEYS.badJson);
    if (body.kind === 'quick') {
      const checked = await validateValue(c, quickBookingSchema, body);
      if (!checked.ok) return checked.response;
      const refused = (await limited(c, saves, 'save_pending')) ?? (await limited(c, forms, 'quick_booking'));
      if (refused) return refused;
      return ok(c, await service.saveQuickBooking(checked.value, clientIp(c)));
    }
    const checked = await validateValue(c, savePendingSchema, body);
    if (!checked.ok) return checked.response;
    const refused = await limited(c, saves, 'save_pending');
    if (refused) return refused;
    return ok(c, await service.savePending(checked.value, clientIp(c)));
  });

  return routes;
}
