// The configurable constants of spec sections 3 and 9, with the spec's defaults. The server keeps the live
// values in its settings table; the client uses these defaults until passenger/get_system_configs answers.
import { MAX_PASSENGERS } from './trip-search';

/**
 * spec 4, 9: the app polls the payment check for at most this long (the live value is the setting
 * payment_check_max_ms; this is its default, and the booking state machine's when the setting has not come).
 */
export const PAYMENT_CHECK_MAX_MS = 300_000;

export const SYSTEM_CONFIG_DEFAULTS = {
  /** spec 4/9: shared rides need this many minutes of lead time. */
  sharing_time_limit: 180,
  /**
   * The minimum lead time of a private ride or an hourly hire, by service, in minutes (a shared ride's is
   * sharing_time_limit): no partner can meet a flight booked six minutes ahead. A partner's own longer one wins.
   */
  lead_minutes_airport: 120,
  lead_minutes_inter_province: 120,
  lead_minutes_hourly: 60,
  /** spec 9: suggest-brand numbers. */
  prev_day: 1,
  number_from: 1,
  number_to: 5,
  time_refresh_number_seconds: 20,
  /** spec 9: VAT (invoice surcharge) percent, 10 when not configured. */
  bill_percent_cost: 10,
  /** spec 9: idle time-out in minutes (x 60,000 ms) and its debounce. */
  idle_timeout: 5,
  idle_debounce_ms: 500,
  /** spec 4: payment ids. */
  online_payment_method_id: 8,
  max_passengers: 16,
  default_seats: 1,
  default_country_code: '84',
  max_extra_addresses: 1,
  tickets_per_page: 10,
  products_per_page: 5,
  blog_posts_per_page: 6,
  recent_tickets_kept: 2,
  payment_check_max_ms: PAYMENT_CHECK_MAX_MS,
  payment_window_minutes: 5,
  night_booking_check_max_seconds: 180,
  otp_timeout_seconds: 179,
  live_booking_refresh_ms: 5000,
  pickup_time_step_minutes: 15,
  min_member_promotion: 10_000,
  paypal_fee_percent: 5,
  /** PayPal has no VND; the PayPal method charges the VND total in USD at this many đồng to the dollar. */
  paypal_vnd_per_usd: 25_400,
  partner_commission_percent: 20,
  special_request_reply_hours: 48,
  local_store_expiry_days: 7,
  config_cache_hours: 24,
  /** spec 9 "utm domain 30": days an affiliate visit stays attributed (unit chosen in docs/decisions.md). */
  utm_domain_lifetime_days: 30,
  map_key_cache_minutes: 5,
  exchange_keyword_cache_minutes: 30,
  airport_suggestion_cache_minutes: 30,
  chunk_load_timeout_ms: 120_000,
  /** Departures further ahead than this many days are refused (the contract's own cap is 365). */
  booking_horizon_days: 365,
  /** The VietQR receiving account (NAPAS BIN, number, holder); the method is offered only when set. */
  vietqr_bank_bin: '',
  vietqr_account_number: '',
  vietqr_account_name: '',
  /** A bank transfer's payment window in minutes (a card's is payment_window_minutes). */
  transfer_window_minutes: 30,
} as const;

export type SystemConfig = {
  -readonly [K in keyof typeof SYSTEM_CONFIG_DEFAULTS]: (typeof SYSTEM_CONFIG_DEFAULTS)[K] extends string ? string : number;
};

/** Public site settings served by home/get_key_values (spec 7); empty strings mean "not configured". */
export const SITE_KEY_DEFAULTS = {
  hotline: '19006022',
  hotline_display: '1900 6022',
  blog_url: 'https://blog.vivu.vn',
  gtm_id: '',
  facebook_page_url: '',
  support_email: 'hotro@vivu.vn',
  /** spec 7 recaptcha: the site key browsers render with; '' = not configured (no script, no check). */
  recaptcha_site_key: '',
} as const;

export type SiteKeys = { -readonly [K in keyof typeof SITE_KEY_DEFAULTS]: string };

type NumericKey = { [K in keyof SystemConfig]: SystemConfig[K] extends number ? K : never }[keyof SystemConfig];

/**
 * The range an operator's value of spec 9 must fall in to be used (a settings row can hold any number); a value
 * outside it, or not whole, reads as the spec's default (docs/decisions.md "Spec 9 values from the configuration").
 */
export const SYSTEM_CONFIG_BOUNDS = {
  max_extra_addresses: [0, 1],
  products_per_page: [1, 50],
  blog_posts_per_page: [1, 50],
  otp_timeout_seconds: [30, 900],
  live_booking_refresh_ms: [1000, 600_000],
  map_key_cache_minutes: [0, 1440],
  exchange_keyword_cache_minutes: [0, 1440],
  airport_suggestion_cache_minutes: [0, 1440],
  partner_commission_percent: [0, 100],
  special_request_reply_hours: [1, 720],
  default_seats: [1, 16],
  local_store_expiry_days: [1, 365],
  booking_horizon_days: [1, 365],
  paypal_vnd_per_usd: [1000, 1_000_000],
  sharing_time_limit: [0, 10_080],
  lead_minutes_airport: [0, 10_080],
  lead_minutes_inter_province: [0, 10_080],
  lead_minutes_hourly: [0, 10_080],
} as const satisfies Partial<Record<NumericKey, readonly [number, number]>>;

/** The configured value of `key` when whole and within SYSTEM_CONFIG_BOUNDS, else the spec's default. */
export function systemValue(config: Partial<SystemConfig> | undefined, key: keyof typeof SYSTEM_CONFIG_BOUNDS): number {
  const [min, max] = SYSTEM_CONFIG_BOUNDS[key];
  const value = config?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : SYSTEM_CONFIG_DEFAULTS[key];
}

/**
 * The passengers one booking may carry now: the configured max_passengers, which may lower the contract's 16 but not
 * raise it (a value that is not a whole number from 1 reads as 16). The booking widget and the server both use it.
 */
export function passengerLimit(config: Pick<SystemConfig, 'max_passengers'>): number {
  const value = config.max_passengers;
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_PASSENGERS) : MAX_PASSENGERS;
}
