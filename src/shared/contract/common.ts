// Field schemas several contracts share: the request language, JSON sent as text, the departure time, e-mail; and
// the public forms' fields (leads, support, business, the quick booking, save_pending) with their error keys.
import { DEFAULT_PHONE_CODE, isValidPhone } from '../domain/phone';
import { EMAIL_PATTERN } from '../domain/username';
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

/** The public forms' shared error keys (wire values: the keys stay those of the forms that first had them). */
export const FORM_ERROR_KEYS = {
  /** spec 5: 'This field can not blank'. */
  blank: 'leads.errors.blank',
  /** spec 5: 'Depart time invalid' (wrong format or not later than now). */
  departTime: 'leads.errors.depart_time',
  phone: 'booking.errors.phone',
  email: 'booking.errors.email',
  /** 429 with params {seconds}: too many forms from one address. */
  tooMany: 'leads.errors.too_many',
} as const;

/** Public forms per client address per window (special request, leads, support, save_pending each count apart). */
export const PUBLIC_FORM_LIMIT = 5;
export const PUBLIC_FORM_WINDOW_SECONDS = 3600;

/** Empty text from a form counts as missing, so `required` answers 'This field can not blank'. */
export const emptyToUndefined = (value: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() === '' ? undefined : value;

export const requiredText = (max: number) =>
  yup.string().trim().max(max, { key: 'validation.max_length', params: { max } }).required({ key: FORM_ERROR_KEYS.blank });

export const phoneCodeSchema = yup
  .string()
  .trim()
  .matches(/^\+?\d{1,4}$/)
  .default(DEFAULT_PHONE_CODE);

/** spec 5: code plus number valid (phone_code beside it, default 84). */
export const phoneSchema = yup
  .string()
  .trim()
  .max(20, { key: FORM_ERROR_KEYS.phone })
  .required({ key: FORM_ERROR_KEYS.blank })
  .test('phone', { key: FORM_ERROR_KEYS.phone }, function test(value) {
    const parent = this.parent as Record<string, unknown>;
    const code = typeof parent.phone_code === 'string' ? parent.phone_code : DEFAULT_PHONE_CODE;
    return !value || isValidPhone(code, value);
  });

export const emailSchema = yup
  .string()
  .trim()
  .max(200, { key: FORM_ERROR_KEYS.email })
  .matches(EMAIL_PATTERN, { message: { key: FORM_ERROR_KEYS.email }, excludeEmptyString: true });

/** A whole number from a form field ('' = missing). */
export const formInteger = (key: string) => yup.number().transform(emptyToUndefined).typeError({ key }).integer({ key });

/** spec 5: 'Depart time invalid' for a wrong format and for a time not later than now. */
export const specialDepartTimeSchema = yup
  .string()
  .trim()
  .required({ key: FORM_ERROR_KEYS.blank })
  .test('depart-time', { key: FORM_ERROR_KEYS.departTime }, (value) => {
    if (!value) return true;
    const at = parseVnDateTime(value);
    return at !== null && at.getTime() > Date.now();
  });
