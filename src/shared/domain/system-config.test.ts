import { describe, expect, it } from 'vitest';
import { PAYMENT_CHECK_MAX_MS, SYSTEM_CONFIG_BOUNDS, SYSTEM_CONFIG_DEFAULTS, systemValue } from './system-config';

describe('systemValue (spec 9 values from the configuration)', () => {
  it('takes a whole configured value within its range', () => {
    expect(systemValue({ ...SYSTEM_CONFIG_DEFAULTS, otp_timeout_seconds: 300 }, 'otp_timeout_seconds')).toBe(300);
    expect(systemValue({ max_extra_addresses: 0 }, 'max_extra_addresses')).toBe(0);
    expect(systemValue({ partner_commission_percent: 100 }, 'partner_commission_percent')).toBe(100);
  });

  it('reads a value out of range, not whole, not a number or missing as the spec default', () => {
    expect(systemValue({ otp_timeout_seconds: 5 }, 'otp_timeout_seconds')).toBe(179);
    expect(systemValue({ max_extra_addresses: 2 }, 'max_extra_addresses')).toBe(1);
    expect(systemValue({ live_booking_refresh_ms: 2500.5 }, 'live_booking_refresh_ms')).toBe(5000);
    expect(systemValue({ local_store_expiry_days: Number.NaN }, 'local_store_expiry_days')).toBe(7);
    expect(systemValue({ blog_posts_per_page: '4' as unknown as number }, 'blog_posts_per_page')).toBe(6);
    expect(systemValue(undefined, 'special_request_reply_hours')).toBe(48);
  });

  it('has every spec default inside its own range', () => {
    for (const [key, [min, max]] of Object.entries(SYSTEM_CONFIG_BOUNDS)) {
      const value = SYSTEM_CONFIG_DEFAULTS[key as keyof typeof SYSTEM_CONFIG_BOUNDS];
      expect(value, key).toBeGreaterThanOrEqual(min);
      expect(value, key).toBeLessThanOrEqual(max);
    }
  });
});

describe('PAYMENT_CHECK_MAX_MS', () => {
  it('is the spec 9 default of the payment check, 300,000 ms, and the setting’s default', () => {
    expect(PAYMENT_CHECK_MAX_MS).toBe(300_000);
    expect(SYSTEM_CONFIG_DEFAULTS.payment_check_max_ms).toBe(PAYMENT_CHECK_MAX_MS);
  });
});
