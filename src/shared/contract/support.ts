// The support calls: the callback (spec 7 support request; spec 4 idle pages offer it), a phone and a note for the call
// centre; and a complaint from the complaints page, for the desk's support staff.
import { emailSchema, FORM_ERROR_KEYS, langSchema, phoneCodeSchema, phoneSchema, requiredText } from './common';
import { successSchema } from './envelope';
import { yup } from './yup';

export const SUPPORT_PATHS = {
  /** POST: user[phone], user[note] as JSON {user: {phone, note}} or form-encoded (spec 7 support request). */
  request: '/api/support/request',
  /** POST: a complaint (complaintSchema), JSON. */
  complaint: '/api/support/complaint',
} as const;

/** Wire values from the lead forms, where the call-back request started. */
export const SUPPORT_ERROR_KEYS = {
  /** The note is too long. */
  note: 'leads.errors.note',
} as const;

export const SUPPORT_MESSAGE_KEYS = {
  sent: 'leads.messages.support_sent',
} as const;

/** spec 7: user[phone], user[note]. */
export const supportRequestSchema = yup.object({
  user: yup
    .object({
      phone_code: phoneCodeSchema,
      phone: phoneSchema,
      note: yup.string().trim().max(1000, { key: SUPPORT_ERROR_KEYS.note }).default(''),
    })
    .required({ key: FORM_ERROR_KEYS.blank }),
  /** The page the prompt was shown on (spec 4 idle pages), for the call centre. */
  page: yup.string().trim().max(200).default(''),
  lang: langSchema,
});
export type SupportRequestInput = yup.InferType<typeof supportRequestSchema>;
export const supportRequestResponseSchema = successSchema(
  yup.object({ id: yup.number().integer().nullable().defined(), channel: yup.string().required() }).required(),
);

// A complaint (the complaints page, spec 2 /boi-thuong): what went wrong, with the ticket it is about when the person
// has one, for Vivu's support staff (the desk's inbox) to answer within the page's promise.

/** What the complaint is about, as the complaints policy names its cases. */
export const COMPLAINT_TOPICS = ['no_show', 'late', 'refused', 'fare', 'lost_item', 'driver', 'other'] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];
/** The complaints page's promise: the result within 2 working days (Monday to Friday, Vietnam time). */
export const COMPLAINT_REPLY_WORKING_DAYS = 2;
export const COMPLAINT_DESCRIPTION_MIN = 20;
export const COMPLAINT_DESCRIPTION_MAX = 2000;

export const COMPLAINT_ERROR_KEYS = {
  blank: FORM_ERROR_KEYS.blank,
  topic: 'support.errors.topic',
  /** params {min}. */
  descriptionShort: 'support.errors.description_short',
  /** params {max}. */
  descriptionLong: 'support.errors.description_long',
  ticketCode: 'support.errors.ticket_code',
  tooMany: FORM_ERROR_KEYS.tooMany,
} as const;

export const COMPLAINT_MESSAGE_KEYS = {
  /** params {reference}: the complaint's number. */
  sent: 'support.messages.complaint_sent',
} as const;

/** A complaint's number as the person and the staff say it. */
export const complaintReference = (id: number) => `KN${String(id).padStart(6, '0')}`;

export const complaintSchema = yup.object({
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  /** Optional: the answer goes by e-mail when one is given, else by SMS. */
  email: emailSchema.default(''),
  /** Optional: the ticket the complaint is about, as printed on it (letters and digits). */
  ticket_code: yup
    .string()
    .trim()
    .uppercase()
    .max(20, { key: COMPLAINT_ERROR_KEYS.ticketCode })
    .matches(/^[A-Z0-9]{4,20}$/, { message: { key: COMPLAINT_ERROR_KEYS.ticketCode }, excludeEmptyString: true })
    .default(''),
  topic: yup
    .string()
    .oneOf([...COMPLAINT_TOPICS], { key: COMPLAINT_ERROR_KEYS.topic })
    .required({ key: COMPLAINT_ERROR_KEYS.topic }),
  description: yup
    .string()
    .trim()
    .required({ key: COMPLAINT_ERROR_KEYS.blank })
    .min(COMPLAINT_DESCRIPTION_MIN, { key: COMPLAINT_ERROR_KEYS.descriptionShort, params: { min: COMPLAINT_DESCRIPTION_MIN } })
    .max(COMPLAINT_DESCRIPTION_MAX, { key: COMPLAINT_ERROR_KEYS.descriptionLong, params: { max: COMPLAINT_DESCRIPTION_MAX } }),
  lang: langSchema,
});
export type ComplaintInput = yup.InferType<typeof complaintSchema>;

export const complaintResultSchema = yup.object({
  id: yup.number().integer().required(),
  /** The complaint's number (KN000123). */
  reference: yup.string().required(),
  /** When the answer is due at the latest, ISO: the end of the second working day after the day it was sent. */
  reply_by: yup.string().required(),
});
export type ComplaintResult = yup.InferType<typeof complaintResultSchema>;
export const complaintResponseSchema = successSchema(complaintResultSchema.required());
