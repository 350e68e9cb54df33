// The support callback (spec 7 support request; spec 4 idle pages offer it): a phone and a note for the call centre.
import { langSchema } from './common';
import { successSchema } from './envelope';
import { LEAD_ERROR_KEYS, phoneCodeSchema, phoneSchema } from './leads';
import { yup } from './yup';

/** spec 7: user[phone], user[note]. */
export const supportRequestSchema = yup.object({
  user: yup
    .object({
      phone_code: phoneCodeSchema,
      phone: phoneSchema,
      note: yup.string().trim().max(1000, { key: LEAD_ERROR_KEYS.note }).default(''),
    })
    .required({ key: LEAD_ERROR_KEYS.blank }),
  /** The page the prompt was shown on (spec 4 idle pages), for the call centre. */
  page: yup.string().trim().max(200).default(''),
  lang: langSchema,
});
export type SupportRequestInput = yup.InferType<typeof supportRequestSchema>;
export const supportRequestResponseSchema = successSchema(
  yup.object({ id: yup.number().integer().nullable().defined(), channel: yup.string().required() }).required(),
);
