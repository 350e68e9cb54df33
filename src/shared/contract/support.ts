// The support callback (spec 7 support request; spec 4 idle pages offer it): a phone and a note for the call centre.
import { FORM_ERROR_KEYS, langSchema, phoneCodeSchema, phoneSchema } from './common';
import { successSchema } from './envelope';
import { yup } from './yup';

export const SUPPORT_PATHS = {
  /** POST: user[phone], user[note] as JSON {user: {phone, note}} or form-encoded (spec 7 support request). */
  request: '/api/support/request',
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
