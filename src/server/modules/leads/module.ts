// Issue 8's calls over HTTP: the public forms (special request, partner lead, save_pending), each
// counted per client address (429 with Retry-After past the limit); the live count, pickup window, keywords and
// landing page reads; the quick bookings (save_pending kind 'quick'), which the partners module lists to the
// transport partners. The business partner's calls are modules/business'.
import type { Context } from 'hono';
import { Hono as Router } from 'hono';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import { BUSINESS_LOGIN_MAIL_MINUTES } from '../../../shared/contract/business';
import {
  LEAD_ERROR_KEYS,
  LEAD_FORM_WINDOW_SECONDS,
  LEAD_MESSAGE_KEYS,
  LEAD_PATHS,
  partnerLandingRequestSchema,
  exchangeKeywordRequestSchema,
  leadContactSchema,
  rangeTimeRequestSchema,
  savePendingSchema,
  specialRequestSchema,
} from '../../../shared/contract/leads';
import { quickBookingSchema } from '../../../shared/contract/partners';
import type { SystemConfig } from '../../../shared/domain/system-config';
import type { Db } from '../../db/client';
import { fail, ok } from '../../http/envelope';
import type { Logger } from '../../http/errors';
import { validate, validateValue } from '../../http/validate';

import { createRateLimiter, type RateLimiter } from '../../http/rate-limit';
import { createLeadsRepository } from './repository';
import { createLeadsService } from './service';
import { publicFormLimit } from '../../http/public-forms';
import type { BusinessService } from '../business/service';

const api = (path: string) => path.slice(API_BASE.length);

/** save_pending follows the billing form's typing: more saves than forms are allowed. */
const SAVE_PENDING_LIMIT = 60;

export interface LeadsModuleOptions {
  db: Db;
  log: Logger;
  clientIp: (c: Context) => string;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Forms per client address per hour (default LEAD_FORM_LIMIT; env LEAD_FORM_LIMIT for the browser tests). */
  formLimit?: number;
  /** The business module's service: a business lead opens its credit account at once. */
  business: Pick<BusinessService, 'register'>;
  /** The live spec 9 values (reply hours, commission, live count refresh, keyword lifetime); defaults without. */
  system?: () => Promise<SystemConfig>;
}

/** The JSON body as an object, or null (wrong content type, bad JSON, not an object): as `validate` reads it. */
async function readJsonObject(c: Context): Promise<Record<string, unknown> | null> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** The leads module: its service and its routes. */
export function createLeadsModule(options: LeadsModuleOptions) {
  const { db, log, clientIp, now = () => new Date(), env = process.env } = options;
  const repository = createLeadsRepository(db);
  const service = createLeadsService({
    repository,
    log,
    now,
    business: options.business,
    system: options.system,
  });
  const formLimit = publicFormLimit(env, options.formLimit);
  const forms = createRateLimiter(db, { limit: formLimit, windowSeconds: LEAD_FORM_WINDOW_SECONDS });
  const saves = createRateLimiter(db, {
    limit: Math.max(formLimit, SAVE_PENDING_LIMIT),
    windowSeconds: LEAD_FORM_WINDOW_SECONDS,
  });

  /** Null when allowed, else the 429 answer. */
  async function limited(c: Context, limiter: RateLimiter, form: string) {
    const decision = await limiter.hit(`${form}:${clientIp(c)}`, now());
    if (decision.allowed) return null;
    c.header('Retry-After', String(decision.retryAfterSeconds));
    return fail(c, 429, LEAD_ERROR_KEYS.tooMany, [
      { field: '', message: LEAD_ERROR_KEYS.tooMany, params: { seconds: decision.retryAfterSeconds } },
    ]);
  }

  const routes = new Router();

  routes.post(api(LEAD_PATHS.specialRequest), validate('json', specialRequestSchema), async (c) => {
    const refused = await limited(c, forms, 'special_request');
    if (refused) return refused;
    const data = await service.specialRequest(c.get('input'), clientIp(c));
    return c.json({
      code: 'success' as const,
      message: LEAD_MESSAGE_KEYS.specialRequestSent,
      data,
      params: { hours: data.reply_within_hours },
    });
  });

  routes.post(api(LEAD_PATHS.leadContact), validate('json', leadContactSchema), async (c) => {
    const refused = await limited(c, forms, 'lead_contact');
    if (refused) return refused;
    const data = await service.lead(c.get('input'), clientIp(c));
    const business = data.type === 'business';
    return c.json({
      code: 'success' as const,
      message: business ? LEAD_MESSAGE_KEYS.businessLoginSent : LEAD_MESSAGE_KEYS.leadSent,
      data,
      ...(business ? { params: { minutes: BUSINESS_LOGIN_MAIL_MINUTES } } : {}),
    });
  });

  routes.get(api(LEAD_PATHS.partnerLandingPosts), validate('query', partnerLandingRequestSchema), async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, await service.partnerLanding(c.get('input').lang));
  });

  routes.get(api(LEAD_PATHS.notifyNewBooking), async (c) => {
    // A live number: never kept by a cache (the server shares one count for LIVE_BOOKING_CACHE_MS).
    c.header('Cache-Control', 'no-store');
    return ok(c, await service.liveBookingCount());
  });

  routes.get(api(LEAD_PATHS.rangeTime), validate('query', rangeTimeRequestSchema), (c) =>
    ok(c, service.rangeTime(c.get('input').depart_time)),
  );

  routes.get(api(LEAD_PATHS.exchangeKeyword), validate('query', exchangeKeywordRequestSchema), async (c) => {
    // spec 9 exchange_keyword_cache_minutes (30 by default): on the server and in shared caches.
    const { keywords, cacheMinutes } = await service.exchangeKeywords(c.get('input').lang);
    c.header('Cache-Control', `public, max-age=${cacheMinutes * 60}`);
    return ok(c, keywords);
  });

  // One path, two bodies: kind 'quick' is the side menu's quick booking (quickBookingSchema), anything else the
  // billing form's save (savePendingSchema). Both count as saves; a quick booking also counts as a public form.
  routes.post(api(LEAD_PATHS.savePending), async (c) => {
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

  return { service, routes };
}
