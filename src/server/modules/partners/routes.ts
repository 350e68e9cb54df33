// The partner console's calls over HTTP: login (POST, JSON body), the partner's tickets (GET) and a transition
// (POST). The last two take the staff token as `Authorization: Bearer`.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  PARTNER_ERROR_KEYS,
  PARTNER_PATHS,
  staffAssignRequestSchema,
  staffLoginRequestSchema,
  staffTicketsRequestSchema,
  staffTransitionRequestSchema,
  tripStateList,
} from '../../../shared/contract/partners';
import { type TripState } from '../../../shared/contract/tickets';
import type { ClientIp } from '../../http/client-ip';
import { fail, ok } from '../../http/envelope';
import { loginAddressKey } from '../../http/login-throttle';
import { overLimit, type RateLimiter } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { bearer } from '../../http/bearer';
import { langSchema } from '../../../shared/contract/common';
import { yup } from '../../../shared/contract/yup';
import type { StaffRow } from './repository';
import type { PartnerRefusal, PartnersService } from './service';
import { staffMay } from './roles';

const api = (path: string) => path.slice(API_BASE.length);

const refused = (c: Context, refusal: PartnerRefusal) =>
  fail(
    c,
    refusal.status,
    refusal.message,
    refusal.params ? [{ field: '', message: refusal.message, params: refusal.params }] : undefined,
  );

export type StaffForToken = (token: string | undefined) => Promise<StaffRow | null>;

/**
 * The partner staff's Bearer check (the partner's tickets, quick bookings): the staff member is put in the context, else
 * 401 trips.errors.unauthorized.
 */
export const staffSignedIn =
  (staffForToken: StaffForToken) => async (c: Context<{ Variables: { staff: StaffRow } }>, next: () => Promise<void>) => {
    const staff = await staffForToken(bearer(c, undefined));
    if (!staff) return fail(c, 401, PARTNER_ERROR_KEYS.unauthorized);
    c.set('staff', staff);
    await next();
  };

export interface PartnersRouteDeps {
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  now?: () => Date;
}

export function partnersRoutes(
  service: PartnersService,
  { loginAddresses, clientIp, now = () => new Date() }: PartnersRouteDeps,
) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();

  routes.post(api(PARTNER_PATHS.login), validate('json', staffLoginRequestSchema), async (c) => {
    const limited = await overLimit(c, loginAddresses, loginAddressKey(clientIp(c)), now(), PARTNER_ERROR_KEYS.tooManyAttempts);
    if (limited) return limited;
    const result = await service.login(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  const signedIn = staffSignedIn(service.staffForToken);

  routes.get(
    api(PARTNER_PATHS.tickets),
    signedIn,
    staffMay('tickets'),
    validate('query', staffTicketsRequestSchema),
    async (c) => {
      const input = c.get('input');
      const states = tripStateList(input.trip_state) as TripState[];
      return ok(c, await service.tickets(c.get('staff'), input.page, states, input.lang));
    },
  );

  routes.get(
    api(PARTNER_PATHS.fleet),
    signedIn,
    staffMay('fleetRead'),
    validate('query', yup.object({ lang: langSchema })),
    async (c) => ok(c, await service.fleet(c.get('staff'), c.get('input').lang)),
  );

  routes.post(api(PARTNER_PATHS.assign), signedIn, staffMay('tickets'), validate('json', staffAssignRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await service.assign(c.get('staff'), input, input.lang);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.get(api(PARTNER_PATHS.driverRandNames), async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, { names: await service.driverRandNames() });
  });

  routes.post(api(PARTNER_PATHS.logout), signedIn, async (c) =>
    ok(c, { logged_out: await service.logout(bearer(c, undefined) ?? '') }),
  );

  routes.post(
    api(PARTNER_PATHS.transition),
    signedIn,
    staffMay('tickets'),
    validate('json', staffTransitionRequestSchema),
    async (c) => {
      const result = await service.transition(c.get('staff'), c.get('input'));
      return result.ok ? ok(c, result.data) : refused(c, result);
    },
  );

  return routes;
}
