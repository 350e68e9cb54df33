// The driver's trip link over HTTP: the trip (POST, so the secret never sits in a query string or an access log)
// and one move by the driver. No session: the link's secret is the proof.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  DRIVER_PATHS,
  driverMoveRequestSchema,
  driverPositionRequestSchema,
  driverTripRequestSchema,
} from '../../../shared/contract/partner-driver';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DriverTripRefusal, DriverTripDesk } from './driver-trip';

const api = (path: string) => path.slice(API_BASE.length);

const refused = (c: Context, refusal: DriverTripRefusal) => fail(c, refusal.status, refusal.message);

export function driverTripRoutes(service: DriverTripDesk) {
  const routes = new Hono();

  routes.post(api(DRIVER_PATHS.trip), validate('json', driverTripRequestSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await service.trip(c.get('input').token);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DRIVER_PATHS.move), validate('json', driverMoveRequestSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await service.move(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DRIVER_PATHS.position), validate('json', driverPositionRequestSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await service.share(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  return routes;
}
