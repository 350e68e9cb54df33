// The partner console's calls over HTTP: login (POST, JSON body), the partner's tickets (GET) and a transition
// (POST). The last two take the staff token as `Authorization: Bearer`.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  TRIP_ERROR_KEYS,
  TRIP_PATHS,
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
import type { TripRefusal, TripsService } from './service';

const api = (path: string) => path.slice(API_BASE.length);

const refused = (c: Context, refusal: TripRefusal) =>
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
    if (!staff) return fail(c, 401, TRIP_ERROR_KEYS.unauthorized);
    c.set('staff', staff);
    await next();
  };

export interface TripsRouteDeps {
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  now?: () => Date;
}

export function tripsRoutes(trips: TripsService, { loginAddresses, clientIp, now = () => new Date() }: TripsRouteDeps) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();

  routes.post(api(TRIP_PATHS.login), validate('json', staffLoginRequestSchema), async (c) => {
    const limited = await overLimit(c, loginAddresses, loginAddressKey(clientIp(c)), now(), TRIP_ERROR_KEYS.tooManyAttempts);
    if (limited) return limited;
    const result = await trips.login(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  const signedIn = staffSignedIn(trips.staffForToken);

  routes.get(api(TRIP_PATHS.tickets), signedIn, validate('query', staffTicketsRequestSchema), async (c) => {
    const input = c.get('input');
    const states = tripStateList(input.trip_state) as TripState[];
    return ok(c, await trips.tickets(c.get('staff'), input.page, states, input.lang));
  });

  routes.get(api(TRIP_PATHS.fleet), signedIn, validate('query', yup.object({ lang: langSchema })), async (c) =>
    ok(c, await trips.fleet(c.get('staff'), c.get('input').lang)),
  );

  routes.post(api(TRIP_PATHS.assign), signedIn, validate('json', staffAssignRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await trips.assign(c.get('staff'), input, input.lang);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.get(api(TRIP_PATHS.driverRandNames), async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, { names: await trips.driverRandNames() });
  });

  routes.post(api(TRIP_PATHS.logout), signedIn, async (c) =>
    ok(c, { logged_out: await trips.logout(bearer(c, undefined) ?? '') }),
  );

  routes.post(api(TRIP_PATHS.transition), signedIn, validate('json', staffTransitionRequestSchema), async (c) => {
    const result = await trips.transition(c.get('staff'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  return routes;
}
