// The configuration calls of spec 7, served from the settings table.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIG_PATHS,
  callCenterResponseSchema,
  googleMapApiResponseSchema,
  keyValuesResponseSchema,
  systemConfigsResponseSchema,
} from '../../../src/shared/contract/config';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS } from '../../../src/shared/domain/system-config';
import { settings } from '../../../src/server/db/schema';
import { applyOverrides } from '../../../src/server/db/seed';
import { createApp } from '../../../src/server/app';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new app over the same database: a new config cache, as another server would have. */
const freshApp = () => createApp({ database: t.db.database, log: { info() {}, error() {} } });

describe('passenger/get_system_configs', () => {
  it('answers the seeded spec constants in the envelope, cacheable', async () => {
    const res = await t.app.request(CONFIG_PATHS.systemConfigs);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const body = await systemConfigsResponseSchema.validate(await res.json());
    expect(body.code).toBe('success');
    expect(body.data).toEqual(SYSTEM_CONFIG_DEFAULTS);
    expect(body.data.sharing_time_limit).toBe(180);
    expect(body.data.bill_percent_cost).toBe(10);
    expect(body.data.otp_timeout_seconds).toBe(179);
  });

  it('reflects a value changed in the database, and ignores a mistyped one', async () => {
    await t.db.database.db.update(settings).set({ value: 120 }).where(eq(settings.key, 'sharing_time_limit'));
    await t.db.database.db.update(settings).set({ value: 'ten' }).where(eq(settings.key, 'bill_percent_cost'));
    const body = await systemConfigsResponseSchema.validate(await (await freshApp().request(CONFIG_PATHS.systemConfigs)).json());
    expect(body.data.sharing_time_limit).toBe(120);
    expect(body.data.bill_percent_cost).toBe(10);
    await t.db.database.db.update(settings).set({ value: 180 }).where(eq(settings.key, 'sharing_time_limit'));
    await t.db.database.db.update(settings).set({ value: 10 }).where(eq(settings.key, 'bill_percent_cost'));
  });
});

describe('home/get_key_values', () => {
  it('answers the public site keys with no tag-manager id by default', async () => {
    const res = await t.app.request(CONFIG_PATHS.keyValues);
    const body = await keyValuesResponseSchema.validate(await res.json());
    expect(body.data).toEqual(SITE_KEY_DEFAULTS);
    expect(body.data.hotline_display).toBe('1900 6022');
    expect(body.data.gtm_id).toBe('');
  });

  it('drops a tag-manager id that is not a container id', async () => {
    await applyOverrides(t.db.database.db, {
      gtmId: '"><script>alert(1)</script>',
      googleMapsApiKey: undefined,
      blogUrl: undefined,
    });
    const body = await keyValuesResponseSchema.validate(await (await freshApp().request(CONFIG_PATHS.keyValues)).json());
    expect(body.data.gtm_id).toBe('');
    await applyOverrides(t.db.database.db, { gtmId: '', googleMapsApiKey: undefined, blogUrl: undefined });
  });
});

describe('home/get_call_center', () => {
  it('answers the number and whether to show it', async () => {
    const body = await callCenterResponseSchema.validate(await (await t.app.request(CONFIG_PATHS.callCenter)).json());
    expect(body.data).toEqual({ call_center_number: '19006022', show_call_center: true });
  });
});

describe('home/get_google_map_api', () => {
  it('answers an empty key when none is configured, at the top level and in data', async () => {
    const body = await googleMapApiResponseSchema.validate(await (await t.app.request(CONFIG_PATHS.googleMapApi)).json());
    expect(body.key).toBe('');
    expect(body.data.key).toBe('');
  });

  it("answers the configured key, and the pages' CSP then allows the maps host", async () => {
    await applyOverrides(t.db.database.db, { googleMapsApiKey: 'AIza-test-key', gtmId: undefined, blogUrl: undefined });
    const app = freshApp();
    const res = await app.request(CONFIG_PATHS.googleMapApi);
    const body = await googleMapApiResponseSchema.validate(await res.json());
    expect(body.key).toBe('AIza-test-key');
    // spec 9: the map key is cached 5 minutes.
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    // The pages' policy (robots.txt stands for any answer that is not JSON; a JSON answer has its own, API_HEADERS).
    const page = await app.request('/robots.txt');
    expect(page.headers.get('content-security-policy')).toContain('https://maps.googleapis.com');
    await applyOverrides(t.db.database.db, { googleMapsApiKey: '', gtmId: undefined, blogUrl: undefined });
    const after = await freshApp().request('/robots.txt');
    expect(after.headers.get('content-security-policy')).not.toContain('maps.googleapis.com');
  });
});

describe('configuration calls are reads', () => {
  it.each(Object.values(CONFIG_PATHS))('%s refuses POST with 405 and an Allow header', async (path) => {
    const res = await t.app.request(path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({ code: 'error', message: 'errors.method_not_allowed', data: null });
  });
});
