// The desk's numbers: for a range of Vietnam days, the tickets booked each day, per partner and per service, with how
// many were paid and cancelled, what their passengers paid and Vivu's commission, and each table as a CSV. Every
// figure belongs to the day the ticket was booked, so the three tables and their totals count the same tickets.
import { INBOX_KINDS } from './desk-inbox';
import { successSchema } from './envelope';
import { langSchema } from './lang';
import { yup } from './yup';

/** The range a request leaves out: the last 30 days, today included. */
export const NUMBERS_DEFAULT_DAYS = 30;
/** The longest range: a year, a leap year's included. */
export const NUMBERS_MAX_DAYS = 366;

/**
 * A ticket's service: an hourly hire, a shared ride (seats in a car), a private airport ride, a private long-distance
 * ride. Tourist trips and other group trips are special requests, quoted by hand, and make no ticket.
 */
export const NUMBERS_SERVICES = ['airport', 'long_distance', 'shared', 'hourly'] as const;
export type NumbersServiceKind = (typeof NUMBERS_SERVICES)[number];

/** The tables of the numbers and their CSV downloads. */
export const NUMBERS_TABLES = ['days', 'partners', 'services'] as const;
export type NumbersTable = (typeof NUMBERS_TABLES)[number];
/** What a CSV download may be: one of the tables, or the inbox's answer times. */
export const NUMBERS_CSV_TABLES = [...NUMBERS_TABLES, 'answers'] as const;
export type NumbersCsvTable = (typeof NUMBERS_CSV_TABLES)[number];

export const NUMBERS_ERROR_KEYS = {
  /** 400: from or to is not a date (yyyy-mm-dd). */
  date: 'desk_numbers.errors.date',
  /** 400: to is before from. */
  order: 'desk_numbers.errors.order',
  /** 400 with params {days}: the range is longer than NUMBERS_MAX_DAYS. */
  tooLong: 'desk_numbers.errors.too_long',
  /** 400: table is not one of NUMBERS_CSV_TABLES. */
  table: 'desk_numbers.errors.table',
} as const;

export const NUMBERS_PATHS = {
  /** GET (desk session, area numbers): from, to → the three tables and the totals. */
  numbers: '/api/desk/numbers',
  /** GET (desk session, area numbers): from, to, table, lang → that table as a CSV (UTF-8 with BOM). */
  csv: '/api/desk/numbers/csv',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A real calendar date: 2027-02-30 is refused, not rolled over. */
const isDay = (value: string) => DAY.test(value) && new Date(dayMs(value)).toISOString().slice(0, 10) === value;

/** The days from `from` to `to`, both included (0 when to is before from). */
export const numbersDayCount = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / 86_400_000) + 1;

/** The day `count` days after a yyyy-mm-dd day (before it when negative). */
export const addDays = (day: string, count: number): string =>
  new Date(dayMs(day) + count * 86_400_000).toISOString().slice(0, 10);

const daySchema = yup
  .string()
  .trim()
  .test('day', { key: NUMBERS_ERROR_KEYS.date }, (value) => !value || isDay(value));

/**
 * The range: two Vietnam days, both included. Either may be left out: `to` is then today, `from` the day that makes
 * NUMBERS_DEFAULT_DAYS days (the server fills them with its clock: numbersRange).
 */
export const numbersQuerySchema = yup.object({
  from: daySchema.optional(),
  to: daySchema
    .optional()
    .test('order', { key: NUMBERS_ERROR_KEYS.order }, function order(value) {
      const from = (this.parent as { from?: string }).from;
      return !value || !from || !isDay(value) || !isDay(from) || from <= value;
    })
    .test('length', { key: NUMBERS_ERROR_KEYS.tooLong, params: { days: NUMBERS_MAX_DAYS } }, function length(value) {
      const from = (this.parent as { from?: string }).from;
      return !value || !from || !isDay(value) || !isDay(from) || numbersDayCount(from, value) <= NUMBERS_MAX_DAYS;
    }),
});
export type NumbersQuery = yup.InferType<typeof numbersQuerySchema>;

export const numbersCsvQuerySchema = numbersQuerySchema.shape({
  table: yup
    .string()
    .oneOf([...NUMBERS_CSV_TABLES], { key: NUMBERS_ERROR_KEYS.table })
    .required({ key: NUMBERS_ERROR_KEYS.table }),
  /** The language of the CSV's header row and words. */
  lang: langSchema,
});
export type NumbersCsvQuery = yup.InferType<typeof numbersCsvQuerySchema>;

/**
 * The range a valid query names, `today` (Vietnam) filling what it leaves out: only `to` → the 30 days ending then;
 * only `from` → from then to today (at most NUMBERS_MAX_DAYS days; a from after today is a one-day range).
 */
export function numbersRange(query: NumbersQuery, today: string): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.to) return { from: addDays(query.to, 1 - NUMBERS_DEFAULT_DAYS), to: query.to };
  if (query.from) {
    const to = query.from > today ? query.from : today;
    return {
      from: query.from,
      to: numbersDayCount(query.from, to) > NUMBERS_MAX_DAYS ? addDays(query.from, NUMBERS_MAX_DAYS - 1) : to,
    };
  }
  return { from: addDays(today, 1 - NUMBERS_DEFAULT_DAYS), to: today };
}

const count = () => yup.number().integer().min(0).required();

/** The figures of a group of tickets (a day, a partner, a service, or all of them). */
export const numbersFiguresSchema = yup.object({
  /** Tickets booked. */
  bookings: count(),
  /**
   * Of them, those whose passenger has paid: an online payment that went through (the ticket standing), a finished
   * trip (its driver collected the cash), a cancelled ticket whose money Vivu kept (not all given back).
   */
  paid: count(),
  /** Of them, those cancelled. */
  cancelled: count(),
  /** What the paid tickets' passengers paid: each one's total, or what Vivu kept of a cancelled one; whole đồng. */
  revenue: count(),
  /**
   * Vivu's commission as the partners' statements count it: on each finished trip's fare and each cancelled ticket's
   * kept money, the configured percent rounded half up to the đồng, ticket by ticket; whole đồng.
   */
  commission: count(),
});
export type NumbersFigures = yup.InferType<typeof numbersFiguresSchema>;

export const numbersDaySchema = numbersFiguresSchema.shape({ date: yup.string().required() });
export type NumbersDay = yup.InferType<typeof numbersDaySchema>;
export const numbersPartnerSchema = numbersFiguresSchema.shape({
  partner_id: yup.number().integer().required(),
  name: yup.string().defined(),
});
export type NumbersPartner = yup.InferType<typeof numbersPartnerSchema>;
export const numbersServiceSchema = numbersFiguresSchema.shape({
  service: yup.string().oneOf(NUMBERS_SERVICES).required(),
});
export type NumbersServiceRow = yup.InferType<typeof numbersServiceSchema>;

/**
 * The inbox's answer times for the items received in the range, one row per kind (the inbox's own count): received,
 * answered (within their promise, or late), still waiting (past their promise: overdue), and the first answers'
 * minutes after receipt, on average and at the slowest (null before any answer).
 */
export const numbersAnswerSchema = yup.object({
  kind: yup.string().oneOf(INBOX_KINDS).required(),
  received: count(),
  answered: count(),
  within_promise: count(),
  late: count(),
  waiting: count(),
  overdue: count(),
  average_minutes: yup.number().integer().min(0).nullable().defined(),
  max_minutes: yup.number().integer().min(0).nullable().defined(),
});
export type NumbersAnswer = yup.InferType<typeof numbersAnswerSchema>;

export const numbersSchema = yup.object({
  from: yup.string().required(),
  to: yup.string().required(),
  /** The commission percent configured now, the one the statements use. */
  commission_percent: yup.number().min(0).max(100).required(),
  /** Every day of the range, in order (a day without a booking has zeros). */
  days: yup.array(numbersDaySchema.required()).required(),
  /** The partners with a booking in the range, by bookings (most first). */
  partners: yup.array(numbersPartnerSchema.required()).required(),
  /** The services with a booking in the range, in NUMBERS_SERVICES order. */
  services: yup.array(numbersServiceSchema.required()).required(),
  totals: numbersFiguresSchema.required(),
  /** The inbox's answer times against their promises, for the items received in the range. */
  answers: yup.array(numbersAnswerSchema.required()).required(),
});
export type Numbers = yup.InferType<typeof numbersSchema>;
export const numbersResponseSchema = successSchema(numbersSchema.required());
