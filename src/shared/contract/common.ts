// Field schemas several contracts share: the request language, JSON sent as text, the departure time, e-mail.
import { parseVnDateTime } from '../domain/vn-time';
import { yup } from './yup';

/** The language a call answers in (vi by default). */
export { langSchema } from './lang';

/** JSON fields may arrive as text (query strings, form posts): parsed here; text that is not JSON stays a string and fails the type check. */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** spec 8: "the pickup time has passed / departure must be later than now; choose again". */
export const DEPART_TIME_PAST_KEY = 'validation.depart_time_past';

/** A departure further ahead than the horizon is refused (params {days}). */
export const DEPART_TIME_FAR_KEY = 'validation.depart_time_far';
/** The contract's horizon in days: the configured booking_horizon_days may lower it, not raise it. */
export const DEPART_HORIZON_DAYS = 365;

/** Whether `at` lies within `days` days from now. */
export function withinHorizon(at: Date, days: number, now: number = Date.now()): boolean {
  return at.getTime() <= now + days * 24 * 60 * 60 * 1000;
}

/** spec 3, 5: "HH:mm d/M/yyyy" in Vietnam time, later than now, and not past the horizon. */
export const departTimeSchema = yup
  .string()
  .trim()
  .required()
  .test('depart-time-format', { key: 'validation.format' }, (value) => !value || parseVnDateTime(value) !== null)
  .test('depart-time-future', { key: DEPART_TIME_PAST_KEY }, (value) => {
    const at = value ? parseVnDateTime(value) : null;
    return !at || at.getTime() > Date.now();
  })
  .test('depart-time-horizon', { key: DEPART_TIME_FAR_KEY, params: { days: DEPART_HORIZON_DAYS } }, (value) => {
    const at = value ? parseVnDateTime(value) : null;
    return !at || withinHorizon(at, DEPART_HORIZON_DAYS);
  });

/** A standard e-mail address (spec 5): the rule lives with the sign-in names, which may be e-mails. */
export { EMAIL_PATTERN } from '../domain/username';
