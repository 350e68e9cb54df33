// The business partner's credit account (spec 1: login by e-mail, booking on credit, top-ups paid through the card
// gateway, whose verified callback credits them). Paths, error and message keys are the leads contract's (LEAD_PATHS,
// LEAD_ERROR_KEYS, LEAD_MESSAGE_KEYS), as on the wire.
import { langSchema } from './common';
import { successSchema } from './envelope';
import { emailSchema, emptyToUndefined, LEAD_ERROR_KEYS } from './leads';
import { yup } from './yup';

/** spec 1: "a login by e-mail within 15 minutes" (we send it at once). */
export const BUSINESS_LOGIN_MAIL_MINUTES = 15;
/** Credit top-ups: whole VND, from 100,000đ (a few rides) to 500,000,000đ (a card payment's sensible ceiling). */
export const TOP_UP_MIN = 100_000;
export const TOP_UP_MAX = 500_000_000;
/** A top-up's gateway reference starts with this (ticket payments' start with the ticket id, a digit). */
export const TOP_UP_REF_PREFIX = 'TU';
/** The gateway is told to close a top-up's payment after this many minutes. */
export const TOP_UP_WINDOW_MINUTES = 15;
/** The return page asks about a pending top-up this often, this long (the callback may come after the browser). */
export const TOP_UP_POLL_MS = 2000;
export const TOP_UP_POLL_MAX_MS = 60_000;
export const TOP_UP_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];
export const CREDIT_ENTRY_KINDS = ['top_up', 'booking', 'refund'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

export const businessLoginSchema = yup.object({
  email: emailSchema.required({ key: LEAD_ERROR_KEYS.blank }),
  password: yup.string().max(200).required({ key: LEAD_ERROR_KEYS.blank }),
});
export const businessAuthSchema = yup.object({ token: yup.string().trim().max(100).default('') });
export const businessLoginResponseSchema = successSchema(
  yup
    .object({
      token: yup.string().required(),
      company_name: yup.string().defined(),
      credit_balance: yup.number().integer().required(),
    })
    .required(),
);

/** The sign-out's answer: always `logged_out: true`, whether or not the token named a live session. */
export const businessLogoutResponseSchema = successSchema(yup.object({ logged_out: yup.boolean().required() }).required());

export const creditEntrySchema = yup.object({
  id: yup.number().integer().required(),
  kind: yup
    .string()
    .oneOf([...CREDIT_ENTRY_KINDS])
    .required(),
  /** Whole VND: positive for a top-up or a refund, negative for a booking. */
  amount: yup.number().integer().required(),
  balance_after: yup.number().integer().required(),
  ticket_code: yup.string().nullable().defined(),
  created_at: yup.string().required(),
});
export const creditResponseSchema = successSchema(
  yup
    .object({
      company_name: yup.string().defined(),
      credit_balance: yup.number().integer().required(),
      entries: yup.array(creditEntrySchema.required()).required(),
    })
    .required(),
);

const topUpAmountMessage = { key: LEAD_ERROR_KEYS.topUpAmount, params: { min: TOP_UP_MIN, max: TOP_UP_MAX } };
/** The top-up form's amount: whole VND within the limits ('' = missing). Also the form's schema. */
export const topUpAmountSchema = yup
  .number()
  .transform(emptyToUndefined)
  .typeError(topUpAmountMessage)
  .integer(topUpAmountMessage)
  .min(TOP_UP_MIN, topUpAmountMessage)
  .max(TOP_UP_MAX, topUpAmountMessage)
  .required(topUpAmountMessage);
export const topUpFormSchema = yup.object({ amount: topUpAmountSchema });
export const topUpSchema = businessAuthSchema.shape({ amount: topUpAmountSchema, lang: langSchema });
export const topUpSchemaResult = yup.object({
  /** The top-up's reference (TOP_UP_REF_PREFIX…), which the return page asks about. */
  ref: yup.string().required(),
  amount: yup.number().integer().required(),
  /** The card gateway's page (absolute URL): the browser goes there to pay. */
  payment_url: yup.string().required(),
});
export const topUpResponseSchema = successSchema(topUpSchemaResult.required());
export const topUpStatusRequestSchema = businessAuthSchema.shape({
  ref: yup.string().trim().max(60).required({ key: LEAD_ERROR_KEYS.topUpNotFound }),
});
export const topUpStatusSchema = yup.object({
  ref: yup.string().required(),
  amount: yup.number().integer().required(),
  /** 'expired': still unpaid after its window (a late payment is still credited when the gateway reports it). */
  status: yup
    .string()
    .oneOf([...TOP_UP_STATUSES])
    .required(),
  credit_balance: yup.number().integer().required(),
});
export type TopUpState = yup.InferType<typeof topUpStatusSchema>;
export const topUpStatusResponseSchema = successSchema(topUpStatusSchema.required());
export const payOnCreditSchema = businessAuthSchema.shape({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  /** The phone or e-mail the ticket was booked with (as get_ticket_info). */
  contact: yup.string().trim().max(200).required({ key: LEAD_ERROR_KEYS.blank }),
});
export const creditMoveResponseSchema = successSchema(
  yup
    .object({
      credit_balance: yup.number().integer().required(),
      entry: creditEntrySchema.required(),
    })
    .required(),
);
