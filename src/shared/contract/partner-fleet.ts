// The partner's fleet as its owner keeps it in the console: drivers (name, phone, photo, licence number and expiry,
// active or retired) and cars (plate, make and model, class, seats, year, photo, active or retired). The owner
// creates, edits and retires them (PARTNER_PERMISSIONS.fleet); a dispatcher reads them (fleetRead). Plates and phones
// are checked the Vietnamese way here, the same rules for the console's form and the server.
import { successSchema } from './envelope';
import { FORM_ERROR_KEYS, langSchema, requiredText } from './common';
import { isValidPhoneText, normalizePhone } from '../domain/phone';
import { yup } from './yup';

export const FLEET_PATHS = {
  /** GET (Bearer, fleetRead): every driver and car of the partner, retired ones included; lang. */
  list: '/api/agent/fleet/all',
  /** POST (Bearer, fleet): a driver created (no id) or edited (id). */
  saveDriver: '/api/agent/fleet/driver',
  /** POST (Bearer, fleet): id; the driver is retired (kept on past tickets, never assigned again). */
  retireDriver: '/api/agent/fleet/driver/retire',
  /** POST (Bearer, fleet): a car created (no id) or edited (id). */
  saveCar: '/api/agent/fleet/car',
  /** POST (Bearer, fleet): id; the car is retired. */
  retireCar: '/api/agent/fleet/car/retire',
  /** POST (Bearer, fleet): the image itself as the body → its photo_url. */
  photo: '/api/agent/fleet/photo',
  /** GET (public): the image of a photo_url, by the random name the upload gave it. */
  photoFile: '/api/agent/fleet/photo/:name',
} as const;

export const FLEET_STATUSES = ['active', 'retired'] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];

/** A licence expiring within this many days is warned about in the Fleet tab and the assignment dialog. */
export const LICENCE_WARNING_DAYS = 30;
/** The oldest model year a car may have. */
export const CAR_YEAR_MIN = 1990;
/** The newest model year a car may have in `now`'s year (next year's models are sold from the autumn). */
export const carYearMax = (now: Date = new Date()) => now.getFullYear() + 1;

export const FLEET_ERROR_KEYS = {
  /** 400: not a Vietnamese plate (province 11-99, series, 4 or 5 digits: 30A-123.45). */
  plate: 'partner_fleet.errors.plate',
  /** 409: a car with this plate is already registered. */
  plateTaken: 'partner_fleet.errors.plate_taken',
  /** 409: the partner already has a driver with this phone. */
  phoneTaken: 'partner_fleet.errors.phone_taken',
  /** 400: a licence number is 6 to 15 letters or digits. */
  licenceNumber: 'partner_fleet.errors.licence_number',
  /** 400: the expiry is not a real date (YYYY-MM-DD). */
  licenceExpiry: 'partner_fleet.errors.licence_expiry',
  /** 400 with params {min, max}: the model year is out of range. */
  year: 'partner_fleet.errors.year',
  /** 400 with params {seats}: the seats do not match the class. */
  seats: 'partner_fleet.errors.seats',
  /** 400: not one of the price list's vehicle types. */
  vehicle: 'partner_fleet.errors.vehicle',
  /** 404: an unknown driver or car, or another partner's (the same answer). */
  notFound: 'partner_fleet.errors.not_found',
  /** 409 on assignment: the driver's licence has expired by the trip's date. */
  licenceExpired: 'partner_fleet.errors.licence_expired',
  /** 400: the photo is not a JPEG, PNG or WebP image of at most FLEET_PHOTO_MAX_BYTES. */
  photo: 'partner_fleet.errors.photo',
} as const;

/** A photo is at most this many bytes. */
export const FLEET_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The name the server gives a kept photo: 128 random bits in hex and the image's extension. */
export const FLEET_PHOTO_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
export const fleetPhotoResponseSchema = successSchema(yup.object({ photo_url: yup.string().required() }).required());

/** The parts of a Vietnamese plate: province code, series (letters and an optional digit), 4 or 5 digits. */
const PLATE = /^(\d{2})([A-Z]{1,2})(\d??)-?(\d{3}\.?\d{2}|\d{4})$/;

/**
 * A plate as it is stored and shown ("30a 12345" → "30A-123.45", "30K1-23456" → "30K1-234.56", "29LD1234" →
 * "29LD-1234"), or null when it is not a Vietnamese plate. A run of digits is read as five plate digits when it can
 * be, so the same car typed with or without its separators gives the same plate (the uniqueness check compares
 * this form).
 */
export function normalizePlate(text: string): string | null {
  const match = PLATE.exec(text.toUpperCase().replace(/\s+/g, ''));
  if (!match) return null;
  const [, province = '', letters = '', digit = '', serial = ''] = match;
  if (Number(province) < 11) return null;
  const digits = serial.replace('.', '');
  return `${province}${letters}${digit}-${digits.length === 5 ? `${digits.slice(0, 3)}.${digits.slice(3)}` : digits}`;
}

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole days from `today` to `expiry` (both YYYY-MM-DD); negative once expired. */
export function daysUntil(expiry: string, today: string): number {
  return Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** 'expired' before `today`, 'soon' within LICENCE_WARNING_DAYS, else 'valid' (no date known: 'valid'). */
export function licenceState(expiry: string | null, today: string): 'expired' | 'soon' | 'valid' {
  if (!expiry) return 'valid';
  const days = daysUntil(expiry, today);
  if (days < 0) return 'expired';
  return days <= LICENCE_WARNING_DAYS ? 'soon' : 'valid';
}

/**
 * A driver's phone as stored ("+84 977 111 222", "84977111222", "0977 111 222" → "0977111222"), or null when it is
 * not a Vietnamese mobile number by the app's phone rule (shared/domain/phone).
 */
export function driverPhoneOf(text: string): string | null {
  const value = text.trim().replace(/^\+/, '');
  return isValidPhoneText(value) ? normalizePhone('84', value) : null;
}

const photoUrlSchema = yup
  .string()
  .trim()
  .max(300)
  .matches(/^(\/drivers\/[\w-]+\.svg|\/api\/agent\/fleet\/photo\/[0-9a-f]{32}\.(jpg|png|webp))$/, {
    message: { key: FLEET_ERROR_KEYS.photo },
    excludeEmptyString: true,
  })
  .default('');

export const driverSaveRequestSchema = yup.object({
  /** Absent: a new driver. */
  id: yup.number().integer().positive().optional(),
  fullname: requiredText(80),
  phone: yup
    .string()
    .trim()
    .max(20, { key: FORM_ERROR_KEYS.phone })
    .required({ key: FORM_ERROR_KEYS.blank })
    .transform((value: string) => driverPhoneOf(value) ?? value)
    .test('phone', { key: FORM_ERROR_KEYS.phone }, (value) => driverPhoneOf(value ?? '') !== null),
  licence_number: yup
    .string()
    .transform((value: string) => value.toUpperCase().replace(/[\s.-]/g, ''))
    .required({ key: FORM_ERROR_KEYS.blank })
    .matches(/^[A-Z0-9]{6,15}$/, { message: { key: FLEET_ERROR_KEYS.licenceNumber } }),
  licence_expires_on: yup
    .string()
    .trim()
    .required({ key: FORM_ERROR_KEYS.blank })
    .test('date', { key: FLEET_ERROR_KEYS.licenceExpiry }, (value) => isRealDate(value ?? '')),
  /** A path the server gave for an uploaded photo, or '' for none. */
  photo_url: photoUrlSchema,
});
export type DriverSaveRequest = yup.InferType<typeof driverSaveRequestSchema>;

export const carSaveRequestSchema = yup.object({
  id: yup.number().integer().positive().optional(),
  plate: yup
    .string()
    .trim()
    .required({ key: FORM_ERROR_KEYS.blank })
    .test('plate', { key: FLEET_ERROR_KEYS.plate }, (value) => normalizePlate(value ?? '') !== null)
    .transform((value: string) => normalizePlate(value) ?? value),
  name: requiredText(80),
  vehicle_id: yup
    .number()
    .typeError({ key: FLEET_ERROR_KEYS.vehicle })
    .integer({ key: FLEET_ERROR_KEYS.vehicle })
    .positive({ key: FLEET_ERROR_KEYS.vehicle })
    .required({ key: FLEET_ERROR_KEYS.vehicle }),
  seats: yup
    .number()
    .typeError({ key: FORM_ERROR_KEYS.blank })
    .integer({ key: FORM_ERROR_KEYS.blank })
    .min(2, { key: FORM_ERROR_KEYS.blank })
    .max(60, { key: FORM_ERROR_KEYS.blank })
    .required({ key: FORM_ERROR_KEYS.blank }),
  year: yup
    .number()
    .typeError({ key: FLEET_ERROR_KEYS.year, params: { min: CAR_YEAR_MIN, max: carYearMax() } })
    .required({ key: FORM_ERROR_KEYS.blank })
    .test('year', function test(value) {
      const max = carYearMax();
      if (Number.isInteger(value) && value >= CAR_YEAR_MIN && value <= max) return true;
      return this.createError({ message: { key: FLEET_ERROR_KEYS.year, params: { min: CAR_YEAR_MIN, max } } });
    }),
  photo_url: photoUrlSchema,
});
export type CarSaveRequest = yup.InferType<typeof carSaveRequestSchema>;

export const fleetIdRequestSchema = yup.object({
  id: yup.number().integer().positive().required({ key: FLEET_ERROR_KEYS.notFound }),
});
export const fleetListRequestSchema = yup.object({ lang: langSchema });

export const fleetDriverRecordSchema = yup.object({
  id: yup.number().integer().required(),
  fullname: yup.string().required(),
  phone: yup.string().required(),
  photo_url: yup.string().defined(),
  licence_number: yup.string().defined(),
  /** YYYY-MM-DD, or null when not recorded. */
  licence_expires_on: yup.string().nullable().defined(),
  status: yup.string().oneOf(FLEET_STATUSES).required(),
});
export type FleetDriverRecord = yup.InferType<typeof fleetDriverRecordSchema>;

export const fleetCarRecordSchema = yup.object({
  id: yup.number().integer().required(),
  plate: yup.string().required(),
  name: yup.string().defined(),
  vehicle_id: yup.number().integer().required(),
  /** The class's name in the request's language. */
  vehicle_name: yup.string().defined(),
  seats: yup.number().integer().nullable().defined(),
  year: yup.number().integer().nullable().defined(),
  photo_url: yup.string().defined(),
  status: yup.string().oneOf(FLEET_STATUSES).required(),
});
export type FleetCarRecord = yup.InferType<typeof fleetCarRecordSchema>;

export const fleetListSchema = yup.object({
  drivers: yup.array(fleetDriverRecordSchema.required()).required(),
  cars: yup.array(fleetCarRecordSchema.required()).required(),
  /** The classes a car may have: the price list's vehicle types with their seats. */
  classes: yup
    .array(yup.object({ id: yup.number().integer().required(), name: yup.string().defined(), seats: yup.number().required() }))
    .required(),
  /** Today's date in Vietnam (YYYY-MM-DD), the licences' warnings are counted from it. */
  today: yup.string().required(),
});
export type FleetList = yup.InferType<typeof fleetListSchema>;
export const fleetListResponseSchema = successSchema(fleetListSchema.required());
export const fleetDriverResponseSchema = successSchema(fleetDriverRecordSchema.required());
export const fleetCarResponseSchema = successSchema(fleetCarRecordSchema.required());
