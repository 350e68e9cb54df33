// The live configuration: settings rows merged over the spec defaults (a missing or mistyped row falls back
// to its default), held in memory for a short time so that every server sees an operator's change soon.
import {
  SITE_KEY_DEFAULTS,
  SYSTEM_CONFIG_DEFAULTS,
  type SiteKeys,
  type SystemConfig,
} from '../../../shared/domain/system-config';
import type { CallCenter } from '../../../shared/contract/config';
import { CALL_CENTER_KEYS, MAP_KEY, SETTING_GROUPS } from '../../db/seed';
import { BOOKING_SETTING_DEFAULTS, BOOKING_SETTING_GROUP, type BookingSettings } from '../../db/seed-booking';
import { cached } from '../../http/cached';
import type { ConfigRepository, SettingValue } from './repository';

export interface ConfigSnapshot {
  system: SystemConfig;
  site: SiteKeys;
  callCenter: CallCenter;
  mapKey: string;
  /** The night window and the anti-fraud limits (read by every booking). */
  booking: BookingSettings;
}

/**
 * How long a server keeps the settings (and the pricing catalogue) before reading them again: a change an operator or a
 * partner saves reaches every server within 10 s, for one small read per server every 5 s.
 */
export const CONFIG_TTL_MS = 5_000;

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

function merge<T extends Record<string, string | number>>(defaults: T, rows: SettingValue[], group: string): T {
  const out: Record<string, string | number> = { ...defaults };
  for (const row of rows) {
    if (row.grp !== group || !(row.key in defaults)) continue;
    if (typeof row.value === typeof defaults[row.key]) out[row.key] = row.value as string | number;
  }
  return out as T;
}

function toSnapshot(rows: SettingValue[]): ConfigSnapshot {
  const find = (group: string, key: string) => rows.find((row) => row.grp === group && row.key === key)?.value;
  const site = merge<SiteKeys>({ ...SITE_KEY_DEFAULTS }, rows, SETTING_GROUPS.site);
  // An id that is not a tag-manager container id is treated as not configured (no script, no CSP host).
  if (site.gtm_id && !GTM_ID.test(site.gtm_id)) site.gtm_id = '';
  const number = find(SETTING_GROUPS.callCenter, CALL_CENTER_KEYS.number);
  const show = find(SETTING_GROUPS.callCenter, CALL_CENTER_KEYS.show);
  const mapKey = find(SETTING_GROUPS.maps, MAP_KEY);
  return {
    system: merge<SystemConfig>({ ...SYSTEM_CONFIG_DEFAULTS }, rows, SETTING_GROUPS.system),
    site,
    callCenter: {
      call_center_number: typeof number === 'string' ? number : site.hotline,
      show_call_center: typeof show === 'boolean' ? show : true,
    },
    mapKey: typeof mapKey === 'string' ? mapKey : '',
    booking: merge<BookingSettings>({ ...BOOKING_SETTING_DEFAULTS }, rows, BOOKING_SETTING_GROUP),
  };
}

export function createConfigService(repository: ConfigRepository, options: { ttlMs?: number; now?: () => number } = {}) {
  return cached(() => repository.all().then(toSnapshot), options.ttlMs ?? CONFIG_TTL_MS, options.now);
}

export type ConfigService = ReturnType<typeof createConfigService>;

/**
 * The server secrets kept in the settings table (the OTP HMAC key, the sandbox gateways' signing key): generated
 * once; servers starting together agree on the first one written. Never served: their groups are not served ones.
 */
export function createServerSecrets(repository: Pick<ConfigRepository, 'secret'>) {
  return {
    /** The stored value of `key` (as read: the caller checks it), written from `generate()` when there is none. */
    secret: (key: string, group: string, generate: () => string): Promise<unknown> => repository.secret(key, group, generate()),
  };
}

export type ServerSecrets = ReturnType<typeof createServerSecrets>;
