// The business partner's credit account (spec 1: login by e-mail, booking on credit, top-ups paid through the card
// gateway, whose verified callback credits them). The error and message keys keep their wire values ('leads.…'): the
// business partner registers through the lead form.
import { emailSchema, emptyToUndefined, FORM_ERROR_KEYS, langSchema } from './common';
import { successSchema } from './envelope';
import { yup } from './yup';

export const BUSINESS_PATHS = {
  /** POST: email, password. A business partner's login (the one sent by e-mail). */
  login: '/api/business/login',
  /** POST: token. The credit balance and its newest entries. */
  credit: '/api/business/get_credit',
  /** POST: token, amount, lang. A pending top-up and the card gateway's payment URL to send the browser to. */
  topUp: '/api/business/top_up_credit',
  /** POST: token, ref. A top-up's state (the gateway's callback settles it) and the balance. */
  topUpStatus: '/api/business/top_up_status',
  /** POST: token, ticket_code, contact. Pays a postpaid ticket from the credit. */
  payOnCredit: '/api/business/pay_on_credit',
  /** POST (business Bearer, or token in the body): ends that session on the server; the same answer for any token. */
  logout: '/api/business/logout',
} as const;

export const BUSINESS_ERROR_KEYS = {
  /** 401: business login failed, or no valid token. */
  login: 'leads.errors.business_login',
  unauthorized: 'leads.errors.business_unauthorized',
  /** Top-up amount missing, not whole, or outside TOP_UP_MIN..TOP_UP_MAX (params {min, max}). */
  topUpAmount: 'leads.errors.top_up_amount',
  /** 503: no card gateway is configured (neither VNPay nor the sandbox). */
  topUpUnavailable: 'leads.errors.top_up_unavailable',
  /** 404: no top-up of this account has this reference. */
  topUpNotFound: 'leads.errors.top_up_not_found',
  /** 409 with params {balance, amount}. */
  creditInsufficient: 'leads.errors.credit_insufficient',
  /** 422: credit pays a ride booked with the postpaid method (3) only. */
  creditPayMethod: 'leads.errors.credit_pay_method',
  /**
   * 409: a night booking waits for its partner; its cancellations there do not return credit yet, so it is not
   * paid from credit until the partner has accepted it.
   */
  creditNight: 'leads.errors.credit_night',
  /** 409: the ticket is not a postpaid ticket that can still be paid (cancelled, paid online, departed). */
  notPayable: 'leads.errors.not_payable',
  /** 409: this ticket is already paid from a credit. */
  alreadyPaid: 'leads.errors.already_paid',
} as const;

export const BUSINESS_MESSAGE_KEYS = {
  toppedUp: 'leads.messages.topped_up',
  paidOnCredit: 'leads.messages.paid_on_credit',
} as const;

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
  email: emailSchema.required({ key: FORM_ERROR_KEYS.blank }),
  password: yup.string().max(200).required({ key: FORM_ERROR_KEYS.blank }),
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

const topUpAmountMessage = { key: BUSINESS_ERROR_KEYS.topUpAmount, params: { min: TOP_UP_MIN, max: TOP_UP_MAX } };
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
  ref: yup.string().trim().max(60).required({ key: BUSINESS_ERROR_KEYS.topUpNotFound }),
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
  contact: yup.string().trim().max(200).required({ key: FORM_ERROR_KEYS.blank }),
});
export const creditMoveResponseSchema = successSchema(
  yup
    .object({
      credit_balance: yup.number().integer().required(),
      entry: creditEntrySchema.required(),
    })
    .required(),
);
