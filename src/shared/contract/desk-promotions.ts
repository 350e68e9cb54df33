// The desk's promotion codes (finance and admin): the list with each code's true use count (its redemptions), a new
// code, its limits changed, and a pause or resume. A paused code is refused at booking as an unknown one (spec 8).
// Days are Vietnam days (yyyy-mm-dd): a code is valid from the start of its first day to the end of its last.
import { PAY_METHOD, PAYPAL_SENT_ID, VIETQR_PAY_METHOD } from './booking';
import { successSchema } from './envelope';
import { yup } from './yup';

export const DESK_PROMOTION_PATHS = {
  /** GET (finance, admin): the codes, filtered by state and code text, a page at a time. */
  list: '/api/desk/promotions',
  /** POST (finance, admin): a new code and its limits. */
  create: '/api/desk/promotions/create',
  /** POST (finance, admin): id and the code's limits (its code text stays). */
  update: '/api/desk/promotions/update',
  /** POST (finance, admin): id → paused (refused at booking). */
  pause: '/api/desk/promotions/pause',
  /** POST (finance, admin): id → in use again. */
  resume: '/api/desk/promotions/resume',
} as const;

export const DESK_PROMOTION_PAGE_SIZE = 20;
/** spec 5: a value up to 100 is a percent, above a fixed amount in VND; no discount above this. */
export const PROMOTION_VALUE_MAX = 10_000_000;
/** The methods a code may be limited to, as a booking stores them (PayPal-style 99 is stored as 4). */
/** Partners, and airports, one code may be limited to. */
export const PROMOTION_PLACES_MAX = 50;
export const PROMOTION_PAY_METHODS = [PAY_METHOD.postpaid, PAY_METHOD.online, PAYPAL_SENT_ID, VIETQR_PAY_METHOD] as const;

/**
 * A code's state at a moment: paused by the desk; scheduled before its first day; ended after its last day or when
 * its total uses are spent; else active.
 */
export const PROMOTION_STATES = ['active', 'scheduled', 'ended', 'paused'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const DESK_PROMOTION_ERROR_KEYS = {
  code: 'desk_promotions.errors.code',
  codeTaken: 'desk_promotions.errors.code_taken',
  value: 'desk_promotions.errors.value',
  count: 'desk_promotions.errors.count',
  day: 'desk_promotions.errors.day',
  dayOrder: 'desk_promotions.errors.day_order',
  payMethod: 'desk_promotions.errors.pay_method',
  /** 400: not a transport partner of Vivu. */
  partner: 'desk_promotions.errors.partner',
  /** 400 (params {code} from the server): not an airport Vivu serves. */
  airport: 'desk_promotions.errors.airport',
  /** 404: no code of that id. */
  notFound: 'desk_promotions.errors.not_found',
  filter: 'desk_promotions.errors.filter',
} as const;
const KEYS = DESK_PROMOTION_ERROR_KEYS;

const emptyToNull = (value: unknown, original: unknown) =>
  original === '' || original === null || original === undefined ? null : value;

/** A whole number from 0 (a form's empty field is none: no limit). */
const countSchema = (min: number) =>
  yup
    .number()
    .transform(emptyToNull)
    .typeError({ key: KEYS.count, params: { min } })
    .integer({ key: KEYS.count, params: { min } })
    .min(min, { key: KEYS.count, params: { min } })
    .max(10_000_000, { key: KEYS.count, params: { min } });

const daySchema = yup
  .string()
  .transform((value: unknown, original: unknown) => (original === '' || original === null ? null : value))
  .matches(/^\d{4}-\d{2}-\d{2}$/, { message: { key: KEYS.day } })
  .test('day', { key: KEYS.day }, (value) => !value || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .nullable()
  .default(null);

/** The limits of a code, as created and as changed. */
const limitsShape = {
  /** spec 5: ≤ 100 a percent of the base price, above it an amount in VND. */
  value: yup
    .number()
    .typeError({ key: KEYS.value })
    .integer({ key: KEYS.value })
    .min(1, { key: KEYS.value })
    .max(PROMOTION_VALUE_MAX, { key: KEYS.value })
    .required({ key: KEYS.value }),
  /** The smallest base price the code applies to (VND; 0 = any). */
  min_order: countSchema(0).nullable().default(null),
  valid_from: daySchema,
  valid_to: daySchema.test('order', { key: KEYS.dayOrder }, function order(value) {
    const from = (this.parent as { valid_from?: string | null }).valid_from;
    return !value || !from || value >= from;
  }),
  /** Uses in all (null: no limit). */
  max_uses: countSchema(1).nullable().default(null),
  /** Uses by one phone (null: no limit; 1: once per phone). */
  max_uses_per_phone: countSchema(1).nullable().default(null),
  /** The methods it applies to; none = every method. */
  pay_method_ids: yup
    .array(
      yup
        .number()
        .required({ key: KEYS.payMethod })
        .test(
          'method',
          { key: KEYS.payMethod },
          (id) => id !== undefined && (PROMOTION_PAY_METHODS as readonly number[]).includes(id),
        ),
    )
    .max(PROMOTION_PAY_METHODS.length)
    .default([]),
  /** Whether it applies to hourly hire (else rides only). */
  hourly: yup.boolean().default(true),
  /** The transport partners whose rides it applies to; none = every partner. Checked whole: the form shows one message. */
  partner_ids: yup
    .array(yup.mixed<number>().required({ key: KEYS.partner }))
    .test('partners', { key: KEYS.partner }, (ids) => !ids || ids.every((id) => Number.isInteger(id) && id >= 1))
    .max(PROMOTION_PLACES_MAX, { key: KEYS.partner })
    .default([]),
  /** The airports (IATA codes, three letters) whose transfers it applies to; none = every ride. */
  airport_codes: yup
    .array(yup.mixed<string>().required({ key: KEYS.airport }))
    .test(
      'airports',
      { key: KEYS.airport },
      (codes) => !codes || codes.every((code) => typeof code === 'string' && /^[A-Z]{3}$/.test(code)),
    )
    .max(PROMOTION_PLACES_MAX, { key: KEYS.airport })
    .default([]),
};

export const deskPromotionCreateSchema = yup.object({
  /** Letters and digits as a passenger types them (stored upper-case). */
  code: yup
    .string()
    .trim()
    .uppercase()
    .required({ key: KEYS.code })
    .matches(/^[A-Z0-9]{3,30}$/, { message: { key: KEYS.code } }),
  ...limitsShape,
});
export type DeskPromotionCreateInput = yup.InferType<typeof deskPromotionCreateSchema>;

const idSchema = yup.number().typeError({ key: KEYS.notFound }).integer().min(1).required({ key: KEYS.notFound });
export const deskPromotionUpdateSchema = yup.object({ id: idSchema, ...limitsShape });
export type DeskPromotionUpdateInput = yup.InferType<typeof deskPromotionUpdateSchema>;
export const deskPromotionIdSchema = yup.object({ id: idSchema });

export const deskPromotionQuerySchema = yup.object({
  page: yup.number().typeError({ key: KEYS.filter }).integer().min(1).max(100_000).default(1),
  state: yup
    .string()
    .oneOf([...PROMOTION_STATES, ''], { key: KEYS.filter })
    .optional(),
  /** Part of a code. */
  q: yup.string().trim().uppercase().max(30, { key: KEYS.filter }).optional(),
});
export type DeskPromotionQuery = yup.InferType<typeof deskPromotionQuerySchema>;

export const deskPromotionSchema = yup.object({
  id: yup.number().integer().required(),
  code: yup.string().required(),
  value: yup.number().integer().required(),
  min_order: yup.number().integer().required(),
  valid_from: yup.string().nullable().defined(),
  valid_to: yup.string().nullable().defined(),
  max_uses: yup.number().integer().nullable().defined(),
  max_uses_per_phone: yup.number().integer().nullable().defined(),
  pay_method_ids: yup.array(yup.number().integer().required()).required(),
  hourly: yup.boolean().required(),
  partner_ids: yup.array(yup.number().integer().required()).required(),
  airport_codes: yup.array(yup.string().required()).required(),
  paused: yup.boolean().required(),
  state: yup.string().oneOf(PROMOTION_STATES).required(),
  /** Tickets booked with the code (its redemptions, counted). */
  uses: yup.number().integer().required(),
});
export type DeskPromotion = yup.InferType<typeof deskPromotionSchema>;
export const deskPromotionResponseSchema = successSchema(deskPromotionSchema.required());

export const deskPromotionPageSchema = yup.object({
  items: yup.array(deskPromotionSchema.required()).required(),
  page: yup.number().integer().required(),
  pages: yup.number().integer().required(),
  total: yup.number().integer().required(),
});
export type DeskPromotionPage = yup.InferType<typeof deskPromotionPageSchema>;
export const deskPromotionPageResponseSchema = successSchema(deskPromotionPageSchema.required());
