// The support calls over HTTP: the callback (spec 7 support request), JSON or the spec's form fields, and a complaint,
// JSON; each counted among the public forms per client address (429 with Retry-After past the limit).
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ValidationError } from 'yup';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import { LEAD_ERROR_KEYS } from '../../../shared/contract/leads';
import { supportRequestSchema } from '../../../shared/contract/support';
import type { ClientIp } from '../../http/client-ip';
import { fail } from '../../http/envelope';
import { overLimit, type RateLimiter } from '../../http/rate-limit';
import { toFieldErrors, validate, withoutPrototypeKeys } from '../../http/validate';
import type { SupportService } from './service';
import {
  COMPLAINT_ERROR_KEYS,
  COMPLAINT_MESSAGE_KEYS,
  complaintSchema,
  SUPPORT_MESSAGE_KEYS,
  SUPPORT_PATHS,
} from '../../../shared/contract/support';

const api = (path: string) => path.slice(API_BASE.length);

/** The support request as JSON ({user: {phone, note}}) or as the spec's form fields user[phone], user[note]. */
async function readSupportBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) return c.req.json().catch(() => null);
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody().catch(() => null);
    if (!form) return null;
    const text = (key: string) => (typeof form[key] === 'string' ? form[key] : undefined);
    return {
      user: { phone: text('user[phone]'), note: text('user[note]'), phone_code: text('user[phone_code]') },
      page: text('page'),
      lang: text('lang'),
    };
  }
  return null;
}

export interface SupportRoutesOptions {
  clientIp: ClientIp;
  now: () => Date;
  /** The public forms' per-address counter (http/public-forms.ts). */
  forms: RateLimiter;
}

export function supportRoutes(service: SupportService, { clientIp, now, forms }: SupportRoutesOptions) {
  const routes = new Hono();

  routes.post(api(SUPPORT_PATHS.request), async (c) => {
    const body = await readSupportBody(c);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return fail(c, 400, ERROR_KEYS.badJson);
    let input;
    try {
      input = await supportRequestSchema.validate(withoutPrototypeKeys(body), { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (error instanceof ValidationError) return fail(c, 400, ERROR_KEYS.validation, toFieldErrors(error));
      // A string's trim() given an array or an object (see validateValue): the input is invalid.
      if (error instanceof TypeError) return fail(c, 400, ERROR_KEYS.validation);
      throw error;
    }
    const refused = await overLimit(c, forms, `support:${clientIp(c)}`, now(), LEAD_ERROR_KEYS.tooMany);
    if (refused) return refused;
    const data = await service.support(input, clientIp(c));
    return c.json({ code: 'success' as const, message: SUPPORT_MESSAGE_KEYS.sent, data });
  });

  routes.post(api(SUPPORT_PATHS.complaint), validate('json', complaintSchema), async (c) => {
    const refused = await overLimit(c, forms, `complaint:${clientIp(c)}`, now(), COMPLAINT_ERROR_KEYS.tooMany);
    if (refused) return refused;
    const data = await service.complaint(c.get('input'), clientIp(c));
    return c.json({
      code: 'success' as const,
      message: COMPLAINT_MESSAGE_KEYS.sent,
      data,
      params: { reference: data.reference },
    });
  });

  return routes;
}
