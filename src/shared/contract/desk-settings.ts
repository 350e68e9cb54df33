// The desk's settings (admin only): the configurable constants of spec 9, the payment windows, the commission and the
// night window, each with its current value, its default and a description; a change is checked by the setting's own
// rule (a whole number in its range, a time HH:MM, digits). The night window wraps midnight when its start is later
// than its end; the same start and end is no night window. Every server uses a change within 10 s.
import { SYSTEM_CONFIG_BOUNDS } from '../domain/system-config';
import { successSchema } from './envelope';
import { yup, type MessageRef } from './yup';

export const DESK_SETTINGS_PATHS = {
  /** GET (admin): every setting the desk may change, with its value and default. */
  list: '/api/desk/settings',
  /** POST (admin): key, value → the setting as now stored. */
  change: '/api/desk/settings/change',
} as const;

export const SETTING_TOPICS = ['payments', 'commissions', 'night', 'booking', 'display', 'caches'] as const;
export type SettingTopic = (typeof SETTING_TOPICS)[number];

export type SettingRule =
  | { kind: 'int'; topic: SettingTopic; min: number; max: number }
  /** A time of day HH:MM (Vietnam time). */
  | { kind: 'time'; topic: SettingTopic }
  /** Text matching `pattern` (an empty value allowed when `empty`). */
  | { kind: 'text'; topic: SettingTopic; pattern: string; empty: boolean };

const int = (topic: SettingTopic, min: number, max: number): SettingRule => ({ kind: 'int', topic, min, max });
const bounded = (topic: SettingTopic, key: keyof typeof SYSTEM_CONFIG_BOUNDS): SettingRule =>
  int(topic, SYSTEM_CONFIG_BOUNDS[key][0], SYSTEM_CONFIG_BOUNDS[key][1]);

/** The settings the desk shows, in the desk's order, and the rule each value must keep. */
export const DESK_SETTINGS = {
  payment_window_minutes: int('payments', 1, 60),
  transfer_window_minutes: int('payments', 5, 1440),
  payment_check_max_ms: int('payments', 10_000, 3_600_000),
  paypal_fee_percent: int('payments', 0, 50),
  paypal_vnd_per_usd: bounded('payments', 'paypal_vnd_per_usd'),
  bill_percent_cost: int('payments', 0, 100),
  vietqr_bank_bin: { kind: 'text', topic: 'payments', pattern: '^\\d{6}$', empty: true },
  vietqr_account_number: { kind: 'text', topic: 'payments', pattern: '^[A-Za-z0-9]{1,19}$', empty: true },
  vietqr_account_name: { kind: 'text', topic: 'payments', pattern: '^[A-Z0-9 ]{2,50}$', empty: true },
  partner_commission_percent: bounded('commissions', 'partner_commission_percent'),
  min_member_promotion: int('commissions', 0, 10_000_000),
  night_booking_start: { kind: 'time', topic: 'night' },
  night_booking_end: { kind: 'time', topic: 'night' },
  night_booking_check_max_seconds: int('night', 30, 3600),
  sharing_time_limit: bounded('booking', 'sharing_time_limit'),
  lead_minutes_airport: bounded('booking', 'lead_minutes_airport'),
  lead_minutes_inter_province: bounded('booking', 'lead_minutes_inter_province'),
  lead_minutes_hourly: bounded('booking', 'lead_minutes_hourly'),
  booking_horizon_days: bounded('booking', 'booking_horizon_days'),
  max_passengers: int('booking', 1, 16),
  default_seats: bounded('booking', 'default_seats'),
  max_extra_addresses: bounded('booking', 'max_extra_addresses'),
  pickup_time_step_minutes: int('booking', 5, 60),
  special_request_reply_hours: bounded('booking', 'special_request_reply_hours'),
  default_country_code: { kind: 'text', topic: 'booking', pattern: '^\\d{1,3}$', empty: false },
  vanguard_window_minutes: int('booking', 1, 1440),
  vanguard_max_per_phone: int('booking', 1, 1000),
  vanguard_max_per_ip: int('booking', 1, 10_000),
  vanguard_max_per_session: int('booking', 1, 1000),
  tickets_per_page: int('display', 1, 100),
  products_per_page: bounded('display', 'products_per_page'),
  blog_posts_per_page: bounded('display', 'blog_posts_per_page'),
  recent_tickets_kept: int('display', 0, 20),
  prev_day: int('display', 0, 30),
  number_from: int('display', 0, 1000),
  number_to: int('display', 0, 1000),
  time_refresh_number_seconds: int('display', 5, 3600),
  live_booking_refresh_ms: bounded('display', 'live_booking_refresh_ms'),
  idle_timeout: int('display', 1, 120),
  idle_debounce_ms: int('display', 0, 10_000),
  otp_timeout_seconds: bounded('display', 'otp_timeout_seconds'),
  local_store_expiry_days: bounded('caches', 'local_store_expiry_days'),
  config_cache_hours: int('caches', 1, 168),
  utm_domain_lifetime_days: int('caches', 1, 365),
  map_key_cache_minutes: bounded('caches', 'map_key_cache_minutes'),
  exchange_keyword_cache_minutes: bounded('caches', 'exchange_keyword_cache_minutes'),
  airport_suggestion_cache_minutes: bounded('caches', 'airport_suggestion_cache_minutes'),
  chunk_load_timeout_ms: int('caches', 10_000, 600_000),
} as const satisfies Record<string, SettingRule>;
export type DeskSettingKey = keyof typeof DESK_SETTINGS;
export const DESK_SETTING_KEYS = Object.keys(DESK_SETTINGS) as DeskSettingKey[];
export const isDeskSettingKey = (key: string): key is DeskSettingKey => key in DESK_SETTINGS;

export const DESK_SETTINGS_ERROR_KEYS = {
  /** 400 (or 404 from the server): not a setting the desk may change. */
  key: 'desk_settings.errors.key',
  /** With params {min, max}. */
  int: 'desk_settings.errors.int',
  time: 'desk_settings.errors.time',
  text: 'desk_settings.errors.text',
} as const;
const KEYS = DESK_SETTINGS_ERROR_KEYS;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A typed value as the setting stores it, or the message saying why it cannot be. */
export function settingValueOf(key: string, text: string): { value: string | number } | { error: MessageRef } {
  if (!isDeskSettingKey(key)) return { error: { key: KEYS.key } };
  const rule: SettingRule = DESK_SETTINGS[key];
  const value = text.trim();
  if (rule.kind === 'int') {
    const number = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(number) && number >= rule.min && number <= rule.max
      ? { value: number }
      : { error: { key: KEYS.int, params: { min: rule.min, max: rule.max } } };
  }
  if (rule.kind === 'time') return TIME.test(value) ? { value } : { error: { key: KEYS.time } };
  return (rule.empty && value === '') || new RegExp(rule.pattern).test(value) ? { value } : { error: { key: KEYS.text } };
}

export const deskSettingChangeSchema = yup.object({
  key: yup.string().oneOf(DESK_SETTING_KEYS, { key: KEYS.key }).required({ key: KEYS.key }),
  /** As typed; read by the setting's rule. */
  value: yup
    .mixed<string | number>()
    .transform((value: unknown) => (typeof value === 'number' ? String(value) : value))
    .test('rule', { key: KEYS.int }, function rule(value) {
      const key = (this.parent as { key?: unknown }).key;
      if (typeof key !== 'string' || !isDeskSettingKey(key)) return true;
      const read = settingValueOf(key, typeof value === 'string' ? value : '');
      return 'value' in read ? true : this.createError({ message: { ...read.error } });
    })
    .required({ key: KEYS.text }),
});
export type DeskSettingChangeInput = yup.InferType<typeof deskSettingChangeSchema>;

export const deskSettingSchema = yup.object({
  key: yup.string().oneOf(DESK_SETTING_KEYS).required(),
  topic: yup.string().oneOf(SETTING_TOPICS).required(),
  value: yup.mixed<string | number>().defined(),
  default: yup.mixed<string | number>().defined(),
  /** When the stored value last changed (null: never stored, the default is used). */
  updated_at: yup.string().nullable().defined(),
});
export type DeskSetting = yup.InferType<typeof deskSettingSchema>;
export const deskSettingResponseSchema = successSchema(deskSettingSchema.required());
export const deskSettingListResponseSchema = successSchema(
  yup.object({ items: yup.array(deskSettingSchema.required()).required() }).required(),
);
