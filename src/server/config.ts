// Server settings from the environment (README lists them). Everything has a default that works on one
// machine with no internet: the embedded database in ./data, port 8080.
import { resolve } from 'node:path';
import { mapTilesFromEnv, type MapTiles } from './map-tiles';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the embedded database, its lock file and (later) the outboxes. */
  dataDir: string;
  /** A PostgreSQL URL; when set, the embedded database is not used. */
  databaseUrl: string | undefined;
  production: boolean;
  /** WEB_CONCURRENCY: server processes sharing the port (default 1; more than one needs DATABASE_URL). */
  processes: number;
  /** MAP_TILE_URL and MAP_TILE_ATTRIBUTION: the passenger's map tiles, null without a tile source. */
  mapTiles: MapTiles | null;
  /** Values that, when set, overwrite the seeded settings at start-up. */
  overrides: {
    googleMapsApiKey: string | undefined;
    gtmId: string | undefined;
    /** RECAPTCHA_SITE_KEY: the recaptcha site key (public; its secret stays in RECAPTCHA_SECRET). */
    recaptchaSiteKey?: string;
    blogUrl: string | undefined;
    /** SETTINGS_OVERRIDES: a JSON object of settings to set at start-up (existing keys only), e.g. {"payment_check_max_ms": 20000}. */
    settings?: Record<string, unknown>;
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseSettings(text: string | undefined): Record<string, unknown> {
  if (!text?.trim()) return {};
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('SETTINGS_OVERRIDES must be a JSON object');
  return parsed as Record<string, unknown>;
}

function processCount(text: string | undefined): number {
  if (!text?.trim()) return 1;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new Error(`WEB_CONCURRENCY must be a whole number of processes from 1 to 64, not "${text}"`);
  }
  return count;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    production: env.NODE_ENV === 'production',
    processes: processCount(env.WEB_CONCURRENCY),
    mapTiles: mapTilesFromEnv(env),
    overrides: {
      googleMapsApiKey: nonEmpty(env.GOOGLE_MAPS_API_KEY),
      gtmId: nonEmpty(env.GTM_ID),
      recaptchaSiteKey: nonEmpty(env.RECAPTCHA_SITE_KEY),
      blogUrl: nonEmpty(env.BLOG_URL),
      settings: parseSettings(env.SETTINGS_OVERRIDES),
    },
  };
}
