// Builds the config module (spec 9 values and the site's public keys, cached) from its dependencies, and the desk's
// settings calls once the desk's check exists (app.ts builds the desk after the configuration).
import type { Db } from '../../db/client';
import type { MapTiles } from '../../map-tiles';
import type { RequireDesk } from '../desk/module';
import { createDeskSettingsRepository } from './desk-settings-repository';
import { deskSettingsRoutes } from './desk-settings-routes';
import { createDeskSettingsService } from './desk-settings-service';
import { createConfigRepository } from './repository';
import { configRoutes } from './routes';
import { createConfigService, createServerSecrets } from './service';

export function createConfigModule({
  db,
  ttlMs,
  tiles = null,
  now = () => new Date(),
}: {
  db: Db;
  ttlMs?: number;
  tiles?: MapTiles | null;
  /** The app's clock: the settings' cache lives by it. */
  now?: () => Date;
}) {
  const repository = createConfigRepository(db);
  const service = createConfigService(repository, { ttlMs, now: () => now().getTime() });
  return {
    service,
    secrets: createServerSecrets(repository),
    routes: configRoutes(service, tiles),
    /** The desk's settings calls (admin). */
    deskRoutes: (requireDesk: RequireDesk) =>
      deskSettingsRoutes(
        createDeskSettingsService({ repository: createDeskSettingsRepository(db), config: service, now }),
        requireDesk,
      ),
  };
}
