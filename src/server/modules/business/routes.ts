// The business partner's calls over HTTP: the login (backed off per e-mail and counted per address, as every login)
// and the credit calls (token in the body or a Bearer header): a top-up answers the card gateway's page, whose
// verified callback (payments module) credits it; a postpaid ticket, proven like every ticket call, is paid on credit.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import { LEAD_ERROR_KEYS } from '../../../shared/contract/leads';
import {
  businessAuthSchema,
  businessLoginSchema,
  payOnCreditSchema,
  topUpSchema,
  topUpStatusRequestSchema,
} from '../../../shared/contract/business';
import { bearer } from '../../http/bearer';
import type { ClientIp } from '../../http/client-ip';
import { fail, ok } from '../../http/envelope';
import { loginAddressKey } from '../../http/login-throttle';
import { originOf } from '../../http/origin';
import { overLimit, type RateLimiter } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { proofOf } from '../../http/ticket-proof';
import type { TicketAccess } from '../tickets/service';
import type { BusinessService } from './service';
import { BUSINESS_ERROR_KEYS, BUSINESS_MESSAGE_KEYS, BUSINESS_PATHS } from '../../../shared/contract/business';

const api = (path: string) => path.slice(API_BASE.length);

export interface BusinessRoutesOptions {
  clientIp: ClientIp;
  now: () => Date;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  /** The proof of a ticket: the tickets module's access. */
  access: TicketAccess;
  /** The site's public origin (PUBLIC_URL) when the server sits behind a proxy. */
  publicUrl?: string;
}

export function businessRoutes(
  service: BusinessService,
  { clientIp, now, loginAddresses, access, publicUrl }: BusinessRoutesOptions,
) {
  const routes = new Hono();

  routes.post(api(BUSINESS_PATHS.login), validate('json', businessLoginSchema), async (c) => {
    const refused = await overLimit(c, loginAddresses, loginAddressKey(clientIp(c)), now(), LEAD_ERROR_KEYS.tooMany);
    if (refused) return refused;
    const { email, password } = c.get('input');
    const result = await service.businessLogin(email, password);
    if (result.ok) return ok(c, result.data);
    return fail(
      c,
      result.status,
      result.message,
      'params' in result ? [{ field: '', message: result.message, params: result.params }] : undefined,
    );
  });

  /** The signed-in business account, or the 401 answer. */
  async function account(c: Context, token: string) {
    const found = await service.accountForToken(bearer(c, token));
    return found ?? fail(c, 401, BUSINESS_ERROR_KEYS.unauthorized);
  }

  // Sign-out: the token itself is the proof (holding it is all a copy could do anyway); one primary-key delete, and
  // the same answer for a live, unknown or already signed-out token, so it is idempotent and tells nothing.
  routes.post(api(BUSINESS_PATHS.logout), validate('json', businessAuthSchema), async (c) => {
    await service.logout(bearer(c, c.get('input').token));
    return ok(c, { logged_out: true });
  });

  routes.post(api(BUSINESS_PATHS.credit), validate('json', businessAuthSchema), async (c) => {
    const found = await account(c, c.get('input').token);
    if (found instanceof Response) return found;
    return ok(c, await service.credit(found));
  });

  routes.post(api(BUSINESS_PATHS.topUp), validate('json', topUpSchema), async (c) => {
    const input = c.get('input');
    const found = await account(c, input.token);
    if (found instanceof Response) return found;
    const result = await service.topUp(found, {
      amount: input.amount,
      lang: input.lang,
      origin: originOf(c, publicUrl),
      ipAddr: clientIp(c),
    });
    return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
  });

  routes.post(api(BUSINESS_PATHS.topUpStatus), validate('json', topUpStatusRequestSchema), async (c) => {
    const input = c.get('input');
    const found = await account(c, input.token);
    if (found instanceof Response) return found;
    const result = await service.topUpStatus(found, input.ref);
    return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
  });

  routes.post(api(BUSINESS_PATHS.payOnCredit), validate('json', payOnCreditSchema), async (c) => {
    const input = c.get('input');
    const found = await account(c, input.token);
    if (found instanceof Response) return found;
    // The ticket is proven like every ticket call: counted among the address's lookups, one answer for a
    // wrong code and a wrong contact.
    const proof = proofOf(c, { ticket_code: input.ticket_code, contact: input.contact });
    const ticket = await access.prove(c, clientIp(c), proof);
    if (!ticket.ok) return ticket.response;
    const result = await service.payOnCredit(found, ticket.ticket.code);
    if (!result.ok)
      return fail(
        c,
        result.status,
        result.message,
        'params' in result && result.params ? [{ field: '', message: result.message, params: result.params }] : undefined,
      );
    return c.json({ code: 'success' as const, message: BUSINESS_MESSAGE_KEYS.paidOnCredit, data: result.data });
  });

  return routes;
}
