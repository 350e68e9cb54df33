// Builds the config module (spec 9 values and the site's public keys, cached) from its dependencies.
import type { Db } from '../../db/client';
import type { MapTiles } from '../../map-tiles';
import { createConfigRepository } from './repository';
import { configRoutes } from './routes';
import { createConfigService, createServerSecrets } from './service';

export function createConfigModule({ db, ttlMs, tiles = null }: { db: Db; ttlMs?: number; tiles?: MapTiles | null }) {
  const repository = createConfigRepository(db);
  const service = createConfigService(repository, { ttlMs });
  return { service, secrets: createServerSecrets(repository), routes: configRoutes(service, tiles) };
}
