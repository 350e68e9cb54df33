// The two configuration answers the first paint reads (spec 7 get_system_configs and get_key_values), without
// TanStack Query: they start as the spec's defaults (the queries' placeholder data) and follow the query cache once
// the query runtime has loaded after the first paint (lib/query-runtime.ts), fetched or restored from the device.
import { useSyncExternalStore } from 'react';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS, type SiteKeys, type SystemConfig } from '../../shared/domain/system-config';

export interface ConfigAnswers {
  system: SystemConfig;
  siteKeys: SiteKeys;
}

let current: ConfigAnswers = { system: { ...SYSTEM_CONFIG_DEFAULTS }, siteKeys: { ...SITE_KEY_DEFAULTS } };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query runtime's observer of one configuration call: its latest answer replaces the one shown. */
export function setConfigAnswer<K extends keyof ConfigAnswers>(key: K, value: ConfigAnswers[K]): void {
  if (current[key] === value) return;
  current = { ...current, [key]: value };
  for (const listener of listeners) listener();
}

export function configAnswer<K extends keyof ConfigAnswers>(key: K): ConfigAnswers[K] {
  return current[key];
}

const system = () => current.system;
const siteKeys = () => current.siteKeys;

// The same snapshot on a server render and at hydration: the defaults, or what setConfigAnswer was given before.

/** spec 9: the served system configuration, the spec's defaults until it answers. */
export function useSystemConfig(): SystemConfig {
  return useSyncExternalStore(subscribe, system, system);
}

/** spec 7 get_key_values: hotline, blog address, tag-manager and recaptcha keys, the defaults until it answers. */
export function useSiteKeys(): SiteKeys {
  return useSyncExternalStore(subscribe, siteKeys, siteKeys);
}
