// The lead forms over HTTP: the special request and the partner lead, each counted per client address (429 with
// Retry-After past the limit), and the partner landing page's read. The business partner's calls are
// modules/business'; save_pending and the live calls beside a booking are modules/booking's.
import type { Context } from 'hono';
import { Hono as Router } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import { BUSINESS_LOGIN_MAIL_MINUTES } from '../../../shared/contract/business';
import {
  LEAD_ERROR_KEYS,
  LEAD_MESSAGE_KEYS,
  LEAD_PATHS,
  partnerLandingRequestSchema,
  leadContactSchema,
  specialRequestSchema,
} from '../../../shared/contract/leads';
import type { SystemConfig } from '../../../shared/domain/system-config';
import type { Db } from '../../db/client';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limit';
import { createLeadsRepository } from './repository';
import { createLeadsService } from './service';
import { publicFormLimit } from '../../http/public-forms';
import type { BusinessService } from '../business/service';
import { PUBLIC_FORM_WINDOW_SECONDS } from '../../../shared/contract/common';

const api = (path: string) => path.slice(API_BASE.length);

/** A transport partner's application as the operator decides it (the partners module's onboarding). */
export { partnerApplications, type ApplicationRow, type PartnerApplications } from './applications';

export interface LeadsModuleOptions {
  db: Db;
  clientIp: (c: Context) => string;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Forms per client address per hour (default PUBLIC_FORM_LIMIT; env LEAD_FORM_LIMIT for the browser tests). */
  formLimit?: number;
  /** The business module's service: a business lead opens its credit account at once. */
  business: Pick<BusinessService, 'register'>;
  /** The live spec 9 values (reply hours, commission, live count refresh, keyword lifetime); defaults without. */
  system?: () => Promise<SystemConfig>;
}

/** The leads module: its service and its routes. */
export function createLeadsModule(options: LeadsModuleOptions) {
  const { db, clientIp, now = () => new Date(), env = process.env } = options;
  const repository = createLeadsRepository(db);
  const service = createLeadsService({
    repository,
    now,
    business: options.business,
    system: options.system,
  });
  const formLimit = publicFormLimit(env, options.formLimit);
  const forms = createRateLimiter(db, { limit: formLimit, windowSeconds: PUBLIC_FORM_WINDOW_SECONDS });

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

  return { service, routes };
}
