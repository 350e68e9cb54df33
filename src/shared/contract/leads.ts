// The lead forms: the special request form (spec 2, 5, 9), the partner lead forms and the agent landing
// page (spec 1, 7 create_lead_contact_agent, get_posts_agent_landingpage). The public forms' shared fields are
// common.ts'. The request schemas are also the forms' schemas; every message is an i18n key (docs/decisions.md "API").
import { BOOKING_ERROR_KEYS } from './booking';
import {
  emailSchema,
  FORM_ERROR_KEYS,
  formInteger,
  langSchema,
  phoneCodeSchema,
  phoneSchema,
  requiredText,
  specialDepartTimeSchema,
} from './common';
import { successSchema } from './envelope';
import { PROVINCES_ERROR_KEY, provincesSchema } from './provinces';
import { yup } from './yup';

export { LEAD_PATHS } from './leads-constants';

/** spec 2, 9: the vehicles the special request offers, in seats. */
export const SPECIAL_REQUEST_SEATS = [4, 7, 16, 29, 35, 45] as const;
/** spec 2, 9: "reply promised within 48 hours". */
export const SPECIAL_REQUEST_REPLY_HOURS = 48;
/** Days of a special request: 1 to 30 (a longer hire is a contract for the hotline). */
export const SPECIAL_REQUEST_DAYS_MAX = 30;
/** Vehicles in one special request (a wedding or a company trip may need several). */
export const SPECIAL_REQUEST_VEHICLES_MAX = 20;
export const LEAD_TYPES = ['business', 'transport'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const LEAD_ERROR_KEYS = {
  blank: FORM_ERROR_KEYS.blank,
  /** spec 5: 'Day invalid' (params {max}). */
  days: 'leads.errors.days',
  departTime: FORM_ERROR_KEYS.departTime,
  /** Seats not among SPECIAL_REQUEST_SEATS. */
  seats: 'leads.errors.seats',
  vehicleCount: 'leads.errors.vehicle_count',
  /** spec 5: 'Invalid full name format.' (the booking form's message). */
  fullname: BOOKING_ERROR_KEYS.fullname,
  phone: FORM_ERROR_KEYS.phone,
  email: FORM_ERROR_KEYS.email,
  /** spec 5: 'Tax code invalid'. */
  taxCode: BOOKING_ERROR_KEYS.taxCode,
  leadType: 'leads.errors.lead_type',
  fleetSize: 'leads.errors.fleet_size',
  tooMany: FORM_ERROR_KEYS.tooMany,
} as const;

export const LEAD_MESSAGE_KEYS = {
  /** params {hours}: "we reply within 48 hours". */
  specialRequestSent: 'leads.messages.special_request_sent',
  leadSent: 'leads.messages.lead_sent',
  /** A business registration: the login goes to the e-mail (params {minutes}). */
  businessLoginSent: 'leads.messages.business_login_sent',
} as const;

/** spec 2, 5, 9: every field but the note is required. */
export const specialRequestSchema = yup.object({
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  email: emailSchema.required({ key: LEAD_ERROR_KEYS.blank }),
  pick_address: requiredText(500),
  drop_address: requiredText(500),
  /** "HH:mm d/M/yyyy", Vietnam time, later than now: the first day's pickup time. */
  depart_time: specialDepartTimeSchema,
  /** spec 5: a valid number of days (1 to 30). */
  days: formInteger(LEAD_ERROR_KEYS.days)
    .min(1, { key: LEAD_ERROR_KEYS.days, params: { max: SPECIAL_REQUEST_DAYS_MAX } })
    .max(SPECIAL_REQUEST_DAYS_MAX, { key: LEAD_ERROR_KEYS.days, params: { max: SPECIAL_REQUEST_DAYS_MAX } })
    .required({ key: LEAD_ERROR_KEYS.blank }),
  /** spec 2: 4, 7, 16, 29, 35 or 45 seats. */
  seats: formInteger(LEAD_ERROR_KEYS.seats)
    .oneOf([...SPECIAL_REQUEST_SEATS], { key: LEAD_ERROR_KEYS.seats })
    .required({ key: LEAD_ERROR_KEYS.blank }),
  vehicle_count: formInteger(LEAD_ERROR_KEYS.vehicleCount)
    .min(1, { key: LEAD_ERROR_KEYS.vehicleCount, params: { max: SPECIAL_REQUEST_VEHICLES_MAX } })
    .max(SPECIAL_REQUEST_VEHICLES_MAX, { key: LEAD_ERROR_KEYS.vehicleCount, params: { max: SPECIAL_REQUEST_VEHICLES_MAX } })
    .default(1),
  note: yup.string().trim().max(1000).default(''),
  lang: langSchema,
});
export type SpecialRequestInput = yup.InferType<typeof specialRequestSchema>;

export const specialRequestResultSchema = yup.object({
  id: yup.number().integer().required(),
  /** When the reply is due at the latest (created + 48 h), ISO. */
  reply_by: yup.string().required(),
  reply_within_hours: yup.number().integer().required(),
});
export type SpecialRequestResult = yup.InferType<typeof specialRequestResultSchema>;
export const specialRequestResponseSchema = successSchema(specialRequestResultSchema.required());

/**
 * spec 1: business partners (book on credit, login by e-mail: e-mail and company required) and transport partners
 * register through one lead form. A transport partner's application names its company, tax code, contact (name,
 * phone, e-mail), fleet size and the provinces it serves, all required: the operator approves or refuses it.
 */
export const leadContactSchema = yup.object({
  type: yup
    .string()
    .oneOf([...LEAD_TYPES], { key: LEAD_ERROR_KEYS.leadType })
    .required({ key: LEAD_ERROR_KEYS.leadType }),
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  email: emailSchema.when('type', {
    is: (type: unknown) => type === 'business' || type === 'transport',
    then: (schema) => schema.required({ key: LEAD_ERROR_KEYS.blank }),
    otherwise: (schema) => schema.default(''),
  }),
  company_name: requiredText(200),
  /** spec 5: numeric tax code; optional for a business, required of a transport partner. */
  tax_code: yup
    .string()
    .trim()
    .max(20, { key: LEAD_ERROR_KEYS.taxCode })
    .matches(/^\d+(-\d+)?$/, { message: { key: LEAD_ERROR_KEYS.taxCode }, excludeEmptyString: true })
    .when('type', {
      is: 'transport',
      then: (schema) => schema.required({ key: LEAD_ERROR_KEYS.blank }),
      otherwise: (schema) => schema.default(''),
    }),
  address: yup.string().trim().max(500).default(''),
  /** Transport partners: cars in the fleet (at least one). */
  fleet_size: formInteger(LEAD_ERROR_KEYS.fleetSize)
    .min(0, { key: LEAD_ERROR_KEYS.fleetSize })
    .max(100_000, { key: LEAD_ERROR_KEYS.fleetSize })
    .when('type', {
      is: 'transport',
      then: (schema) => schema.min(1, { key: LEAD_ERROR_KEYS.fleetSize }).required({ key: LEAD_ERROR_KEYS.blank }),
      otherwise: (schema) => schema.optional(),
    }),
  /** Transport partners: the current provinces served (codes). */
  provinces: yup.array(yup.string().required()).when('type', {
    is: 'transport',
    then: () => provincesSchema.required({ key: PROVINCES_ERROR_KEY }),
    otherwise: (schema) => schema.strip(),
  }),
  note: yup.string().trim().max(1000).default(''),
  lang: langSchema,
});
export type LeadContactInput = yup.InferType<typeof leadContactSchema>;

export const leadContactResultSchema = yup.object({
  id: yup.number().integer().required(),
  type: yup
    .string()
    .oneOf([...LEAD_TYPES])
    .required(),
  /** Business partners: the login was e-mailed (always true for them; false for transport partners). */
  login_sent: yup.boolean().required(),
});
export const leadContactResponseSchema = successSchema(leadContactResultSchema.required());

export const partnerLandingRequestSchema = yup.object({ lang: langSchema });
export const partnerLandingPostSchema = yup.object({
  id: yup.string().required(),
  title: yup.string().required(),
  body: yup.string().required(),
});
export const partnerLandingResponseSchema = successSchema(
  yup
    .object({
      /** spec 1: "partners earn a 20% commission", "a 20% revenue increase". */
      commission_percent: yup.number().required(),
      revenue_increase_percent: yup.number().required(),
      posts: yup.array(partnerLandingPostSchema.required()).required(),
    })
    .required(),
);
