// The console's Fares tab over HTTP: the owner reads and changes the partner's own fares, fees and availability
// (permission 'fares'), always of the caller's partner; the pricing module does the writing and keeps the history.
// A fare far from the partner's others answers 409 with the median it was compared with, until it says confirm; so
// does removing the partner's last fare of a kind (without a median). Rows (shared routes too) are added and removed as
// well as changed.
import { Hono, type Context } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  airportAddRequestSchema,
  airportFareRequestSchema,
  availabilityRequestSchema,
  distanceAddRequestSchema,
  distanceFareRequestSchema,
  fareRemoveRequestSchema,
  feesRequestSchema,
  hourlyAddRequestSchema,
  hourlyFareRequestSchema,
  PARTNER_FARES_PATHS,
  sharedRouteRequestSchema,
  tollsRequestSchema,
} from '../../../shared/contract/partner-fares';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { FareChangeResult, FareEditor, PartnerFaresDesk } from '../pricing/module';
import type { StaffRow } from './repository';
import { staffMay } from './roles';
import { staffSignedIn, type StaffForToken } from './routes';

const api = (path: string) => path.slice(API_BASE.length);
const editorOf = (staff: StaffRow): FareEditor => ({ id: staff.id, partnerId: staff.partnerId, fullname: staff.fullname });

function answer(c: Context, result: FareChangeResult) {
  if (result.ok) return ok(c, { saved: true, id: result.id });
  if (result.status === 409 && result.median !== undefined)
    return c.json({ code: 'error' as const, message: result.message, data: { median: result.median } }, 409);
  if (result.status === 400 && result.field)
    return fail(c, 400, result.message, [{ field: result.field, message: result.message }]);
  return fail(c, result.status, result.message);
}

export function faresRoutes(fares: PartnerFaresDesk, staffForToken: StaffForToken) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();
  const signedIn = staffSignedIn(staffForToken);
  const guard = [signedIn, staffMay('fares')] as const;

  routes.get(api(PARTNER_FARES_PATHS.list), ...guard, async (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, await fares.read(c.get('staff').partnerId));
  });
  routes.post(api(PARTNER_FARES_PATHS.airport), ...guard, validate('json', airportFareRequestSchema), async (c) =>
    answer(c, await fares.airport(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.distance), ...guard, validate('json', distanceFareRequestSchema), async (c) =>
    answer(c, await fares.distance(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.hourly), ...guard, validate('json', hourlyFareRequestSchema), async (c) =>
    answer(c, await fares.hourly(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.fees), ...guard, validate('json', feesRequestSchema), async (c) =>
    answer(c, await fares.fees(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.availability), ...guard, validate('json', availabilityRequestSchema), async (c) =>
    answer(c, await fares.availability(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.airportAdd), ...guard, validate('json', airportAddRequestSchema), async (c) =>
    answer(c, await fares.addAirport(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.distanceAdd), ...guard, validate('json', distanceAddRequestSchema), async (c) =>
    answer(c, await fares.addDistance(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.hourlyAdd), ...guard, validate('json', hourlyAddRequestSchema), async (c) =>
    answer(c, await fares.addHourly(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.tolls), ...guard, validate('json', tollsRequestSchema), async (c) =>
    answer(c, await fares.tolls(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.sharedRouteAdd), ...guard, validate('json', sharedRouteRequestSchema), async (c) =>
    answer(c, await fares.addSharedRoute(editorOf(c.get('staff')), c.get('input'))),
  );
  routes.post(api(PARTNER_FARES_PATHS.remove), ...guard, validate('json', fareRemoveRequestSchema), async (c) =>
    answer(c, await fares.remove(editorOf(c.get('staff')), c.get('input'))),
  );
  return routes;
}
