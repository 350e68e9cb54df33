// Demo data for a first start; idempotent (ON CONFLICT DO NOTHING), so it runs at every start and only
// fills what is missing. Values an operator changed in the database are never overwritten, except by the
// environment overrides, which are the operator's explicit choice. Partners' scores are not seeded: they are
// recomputed from the passengers' ratings of finished trips at every start, which also clears the
// invented scores an older seed wrote.
import { eq, sql } from 'drizzle-orm';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';
import type { ServerConfig } from '../config';
import type { Db } from './client';
import { setPartnerScores } from '../modules/pricing/partner-scores';
import { refreshPartnerScores } from '../modules/tickets/service';
import { settings } from './schema';
import { seedAccounts } from './seed-accounts';
import { seedBooking } from './seed-booking';
import { seedCancel } from './seed-cancel';
import { seedContent } from './seed-content';
import { seedFleet } from './seed-fleet';
import { seedLeads } from './seed-leads';
import { seedPricing } from './seed-pricing';

type SettingRow = typeof settings.$inferInsert;

export const SETTING_GROUPS = {
  system: 'system',
  site: 'site',
  callCenter: 'call_center',
  maps: 'maps',
} as const;

export const CALL_CENTER_KEYS = { number: 'call_center_number', show: 'show_call_center' } as const;
export const MAP_KEY = 'google_map_api_key';

function settingRows(): SettingRow[] {
  return [
    ...Object.entries(SYSTEM_CONFIG_DEFAULTS).map(([key, value]) => ({ key, grp: SETTING_GROUPS.system, value })),
    ...Object.entries(SITE_KEY_DEFAULTS).map(([key, value]) => ({ key, grp: SETTING_GROUPS.site, value })),
    { key: CALL_CENTER_KEYS.number, grp: SETTING_GROUPS.callCenter, value: SITE_KEY_DEFAULTS.hotline },
    { key: CALL_CENTER_KEYS.show, grp: SETTING_GROUPS.callCenter, value: true },
    // spec 7: the map key is empty unless configured; then the client loads no map script.
    { key: MAP_KEY, grp: SETTING_GROUPS.maps, value: '' },
  ];
}

export async function seed(db: Db): Promise<void> {
  await db.insert(settings).values(settingRows()).onConflictDoNothing({ target: settings.key });
  await seedPricing(db);
  await seedBooking(db);
  await seedAccounts(db);
  await seedCancel(db);
  await seedFleet(db);
  await seedContent(db);
  await seedLeads(db);
  await refreshPartnerScores(db, { setScores: setPartnerScores });
}

export async function applyOverrides(db: Db, overrides: ServerConfig['overrides']): Promise<void> {
  const rows: SettingRow[] = [];
  if (overrides.googleMapsApiKey !== undefined)
    rows.push({ key: MAP_KEY, grp: SETTING_GROUPS.maps, value: overrides.googleMapsApiKey });
  if (overrides.gtmId !== undefined) rows.push({ key: 'gtm_id', grp: SETTING_GROUPS.site, value: overrides.gtmId });
  if (overrides.recaptchaSiteKey !== undefined)
    rows.push({ key: 'recaptcha_site_key', grp: SETTING_GROUPS.site, value: overrides.recaptchaSiteKey });
  if (overrides.blogUrl !== undefined) rows.push({ key: 'blog_url', grp: SETTING_GROUPS.site, value: overrides.blogUrl });
  if (rows.length) {
    await db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  }
  // Other settings by key: only keys that exist (a typo must not create a setting nobody reads).
  for (const [key, value] of Object.entries(overrides.settings ?? {})) {
    await db
      .update(settings)
      .set({ value, updatedAt: sql`now()` })
      .where(eq(settings.key, key));
  }
}
