// Query factories for the configuration calls (spec 7). Their failures are only logged (spec 7): every
// query has the spec defaults as placeholder data, so the UI works while they load or when they fail.
import { queryOptions } from '@tanstack/react-query';
import { CONFIG_PATHS } from '../../shared/contract/config-constants';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS, type SiteKeys, type SystemConfig } from '../../shared/domain/system-config';
import { apiGet } from './api-client';

const HOUR_MS = 60 * 60 * 1000;

export const configQueries = {
  /** spec 7: a system config is fetched once and cached one day. */
  system: () =>
    queryOptions({
      queryKey: ['config', 'system'],
      queryFn: async ({ signal }): Promise<SystemConfig> =>
        (
          await apiGet(CONFIG_PATHS.systemConfigs, {
            schema: () => import('../../shared/contract/config').then((contract) => contract.systemConfigsResponseSchema),
            signal,
          })
        ).data as SystemConfig,
      staleTime: SYSTEM_CONFIG_DEFAULTS.config_cache_hours * HOUR_MS,
      placeholderData: { ...SYSTEM_CONFIG_DEFAULTS },
    }),
  siteKeys: () =>
    queryOptions({
      queryKey: ['config', 'site-keys'],
      queryFn: async ({ signal }): Promise<SiteKeys> =>
        (
          await apiGet(CONFIG_PATHS.keyValues, {
            schema: () => import('../../shared/contract/config').then((contract) => contract.keyValuesResponseSchema),
            signal,
          })
        ).data as SiteKeys,
      staleTime: SYSTEM_CONFIG_DEFAULTS.config_cache_hours * HOUR_MS,
      placeholderData: { ...SITE_KEY_DEFAULTS },
    }),
};
