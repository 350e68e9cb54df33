// The configuration calls of spec 7. Public and the same for everyone, so shared caches may keep them briefly.
import { Hono } from 'hono';
import { CONFIG_PATHS } from '../../../shared/contract/config';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok } from '../../http/envelope';
import type { ConfigService } from './service';

const rel = (path: string) => path.slice(API_BASE.length);
/** spec 9: the map key is cached 5 minutes; the other values are as fresh as that too. */
const CACHE = 'public, max-age=300';

export function configRoutes(service: ConfigService) {
  const routes = new Hono();
  routes.get(rel(CONFIG_PATHS.systemConfigs), async (c) => {
    c.header('Cache-Control', CACHE);
    return ok(c, (await service.get()).system);
  });
  routes.get(rel(CONFIG_PATHS.keyValues), async (c) => {
    c.header('Cache-Control', CACHE);
    return ok(c, (await service.get()).site);
  });
  routes.get(rel(CONFIG_PATHS.callCenter), async (c) => {
    c.header('Cache-Control', CACHE);
    return ok(c, (await service.get()).callCenter);
  });
  routes.get(rel(CONFIG_PATHS.googleMapApi), async (c) => {
    c.header('Cache-Control', CACHE);
    const key = (await service.get()).mapKey;
    return ok(c, { key }, { key });
  });
  return routes;
}
