// The configuration the first paint reads before TanStack Query has loaded.
import { describe, expect, it } from 'vitest';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';
import { configAnswer, setConfigAnswer } from './config-store';

describe('config store', () => {
  it('starts on the spec defaults and then holds the answers the query runtime gives it', () => {
    expect(configAnswer('system')).toEqual(SYSTEM_CONFIG_DEFAULTS);
    expect(configAnswer('siteKeys')).toEqual(SITE_KEY_DEFAULTS);
    const served = { ...SYSTEM_CONFIG_DEFAULTS, max_passengers: 7 };
    setConfigAnswer('system', served);
    expect(configAnswer('system')).toBe(served);
    expect(configAnswer('siteKeys')).toEqual(SITE_KEY_DEFAULTS);
  });
});
