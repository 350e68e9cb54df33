// The desk's settings (admin): each with its value as stored (or its default when none is), its default and when it
// last changed; a change checked by its rule (the contract's settingValueOf: a range, a time HH:MM, digits), written
// with its audit entry in one transaction. The server that made it forgets its
// cached settings at once; every other server reads them again within CONFIG_TTL_MS (5 s), so a change is in use
// everywhere within 10 s.
import {
  DESK_SETTING_KEYS,
  DESK_SETTINGS,
  settingValueOf,
  type DeskSetting,
  type DeskSettingChangeInput,
  type DeskSettingKey,
} from '../../../shared/contract/desk-settings';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { SETTING_GROUPS } from '../../db/seed';
import { BOOKING_SETTING_DEFAULTS, BOOKING_SETTING_GROUP } from '../../db/seed-booking';
import { refuse, type Result } from '../../http/refusal';
import { audit, type DeskActor } from '../desk/service';
import type { DeskSettingsRepository, StoredSetting } from './desk-settings-repository';
import type { ConfigService } from './service';

/** The group a setting is stored in (the snapshot reads each group apart) and its default. */
function placeOf(key: DeskSettingKey): { grp: string; fallback: string | number } {
  if (key in BOOKING_SETTING_DEFAULTS)
    return { grp: BOOKING_SETTING_GROUP, fallback: BOOKING_SETTING_DEFAULTS[key as keyof typeof BOOKING_SETTING_DEFAULTS] };
  return { grp: SETTING_GROUPS.system, fallback: SYSTEM_CONFIG_DEFAULTS[key as keyof typeof SYSTEM_CONFIG_DEFAULTS] };
}

/** The value in use: the stored one when it has the default's type (as the snapshot merges them), else the default. */
function viewOf(key: DeskSettingKey, row: StoredSetting | null | undefined): DeskSetting {
  const { grp, fallback } = placeOf(key);
  const used = row && row.grp === grp && typeof row.value === typeof fallback ? row : null;
  return {
    key,
    topic: DESK_SETTINGS[key].topic,
    value: used ? (used.value as string | number) : fallback,
    default: fallback,
    updated_at: used ? used.updatedAt.toISOString() : null,
  };
}

export interface DeskSettingsServiceDeps {
  repository: DeskSettingsRepository;
  /** The cached settings of this server, forgotten after a change. */
  config: Pick<ConfigService, 'invalidate'>;
  now: () => Date;
}

export function createDeskSettingsService({ repository, config, now }: DeskSettingsServiceDeps) {
  const { db } = repository;
  return {
    async list(): Promise<{ items: DeskSetting[] }> {
      const rows = new Map((await repository.rows(DESK_SETTING_KEYS)).map((row) => [row.key, row]));
      return { items: DESK_SETTING_KEYS.map((key) => viewOf(key, rows.get(key))) };
    },

    async change(actor: DeskActor, input: DeskSettingChangeInput): Promise<Result<DeskSetting, 400>> {
      const key = input.key as DeskSettingKey;
      const read = settingValueOf(key, String(input.value));
      if ('error' in read) return refuse(400, read.error.key, { field: 'value', params: read.error.params });
      const at = now();
      const { grp } = placeOf(key);
      const saved = await db.transaction(async (tx) => {
        const before = viewOf(key, await repository.lock(tx, key));
        await repository.write(tx, { key, grp, value: read.value, at });
        await audit(tx, {
          staff: actor,
          action: 'setting_changed',
          subject: `setting-${key}`,
          before: { key, value: before.value },
          after: { key, value: read.value },
          at,
        });
        return viewOf(key, { key, grp, value: read.value, updatedAt: at });
      });
      config.invalidate();
      return { ok: true, data: saved };
    },
  };
}

export type DeskSettingsService = ReturnType<typeof createDeskSettingsService>;
