// The partner's fleet over HTTP: the list (owner and dispatcher, PARTNER_PERMISSIONS.fleetRead) and the owner's
// creations, edits and retirements (PARTNER_PERMISSIONS.fleet), all with the staff's Bearer session.
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  carSaveRequestSchema,
  driverSaveRequestSchema,
  FLEET_ERROR_KEYS,
  FLEET_PATHS,
  fleetIdRequestSchema,
  fleetListRequestSchema,
} from '../../../shared/contract/partner-fleet';
import { langSchema } from '../../../shared/contract/common';
import { fail, ok, refused } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { FleetPhotos } from './fleet-photos';
import type { FleetService } from './fleet-service';
import type { StaffRow } from './repository';
import { staffMay } from './roles';
import { staffSignedIn, type StaffForToken } from './routes';

const api = (path: string) => path.slice(API_BASE.length);

export function fleetRoutes(service: FleetService, staffForToken: StaffForToken, photos: FleetPhotos) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();
  const signedIn = staffSignedIn(staffForToken);
  const owner = staffMay('fleet');

  routes.get(api(FLEET_PATHS.list), signedIn, staffMay('fleetRead'), validate('query', fleetListRequestSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, await service.list(c.get('staff').partnerId, c.get('input').lang));
  });

  routes.post(api(FLEET_PATHS.saveDriver), signedIn, owner, validate('json', driverSaveRequestSchema), async (c) => {
    const result = await service.saveDriver(c.get('staff').partnerId, c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(FLEET_PATHS.retireDriver), signedIn, owner, validate('json', fleetIdRequestSchema), async (c) => {
    const result = await service.retireDriver(c.get('staff').partnerId, c.get('input').id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(
    api(FLEET_PATHS.saveCar),
    signedIn,
    owner,
    validate('json', carSaveRequestSchema.shape({ lang: langSchema })),
    async (c) => {
      const input = c.get('input');
      const result = await service.saveCar(c.get('staff').partnerId, input, input.lang);
      return result.ok ? ok(c, result.data) : refused(c, result);
    },
  );

  routes.post(
    api(FLEET_PATHS.retireCar),
    signedIn,
    owner,
    validate('json', fleetIdRequestSchema.shape({ lang: langSchema })),
    async (c) => {
      const input = c.get('input');
      const result = await service.retireCar(c.get('staff').partnerId, input.id, input.lang);
      return result.ok ? ok(c, result.data) : refused(c, result);
    },
  );

  routes.post(api(FLEET_PATHS.photo), signedIn, owner, async (c) => {
    const kept = await photos.keep(new Uint8Array(await c.req.arrayBuffer()));
    return kept ? ok(c, { photo_url: kept }) : fail(c, 400, FLEET_ERROR_KEYS.photo);
  });

  // Public, as the driver's photo on the passenger's ticket is; a name is 128 random bits, never listed.
  routes.get(api(FLEET_PATHS.photoFile), async (c) => {
    const photo = await photos.read(c.req.param('name') ?? '');
    if (!photo) return fail(c, 404, FLEET_ERROR_KEYS.notFound);
    return c.body(photo.bytes, 200, {
      'Content-Type': photo.mime,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}
