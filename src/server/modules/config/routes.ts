// The configuration calls of spec 7. Public and the same for everyone, so shared caches may keep them briefly.
import { Hono } from 'hono';
import { CONFIG_PATHS } from '../../../shared/contract/config';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok } from '../../http/envelope';
import { systemValue } from '../../../shared/domain/system-config';
import type { ConfigService } from './service';
import type { MapTiles } from '../../map-tiles';

const rel = (path: string) => path.slice(API_BASE.length);
/** The configuration is kept 5 minutes by shared caches (the servers read their settings every 5 s). */
const CACHE = 'public, max-age=300';

/** `tiles`: the map tile source (MAP_TILE_URL), served beside the site keys; null: none, and the keys say nothing of it. */
export function configRoutes(service: ConfigService, tiles: MapTiles | null = null) {
  const tileKeys = tiles ? { map_tile_url: tiles.url, map_tile_attribution: tiles.attribution } : {};
  const routes = new Hono();
  routes.get(rel(CONFIG_PATHS.systemConfigs), async (c) => {
    c.header('Cache-Control', CACHE);
    return ok(c, (await service.get()).system);
  });
  routes.get(rel(CONFIG_PATHS.keyValues), async (c) => {
    c.header('Cache-Control', CACHE);
    return ok(c, { ...(await service.get()).site, ...tileKeys });
  });
  routes.get(rel(CONFIG_PATHS.callCenter), async (c) => {
    c.header('Cache-Control', CACHE);
    return ok(c, (await service.get()).callCenter);
  });
  routes.get(rel(CONFIG_PATHS.googleMapApi), async (c) => {
    const config = await service.get();
    // spec 9 map_key_cache_minutes (5 by default).
    c.header('Cache-Control', `public, max-age=${systemValue(config.system, 'map_key_cache_minutes') * 60}`);
    const key = config.mapKey;
    return ok(c, { key }, { key });
  });
  return routes;
}
