// SQL of the settings table.
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export interface SettingValue {
  key: string;
  grp: string;
  value: unknown;
}

export function createConfigRepository(db: Db) {
  return {
    async all(): Promise<SettingValue[]> {
      return db.select({ key: settings.key, grp: settings.grp, value: settings.value }).from(settings);
    },
  };
}

export type ConfigRepository = ReturnType<typeof createConfigRepository>;
