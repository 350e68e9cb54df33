// The passenger account calls of spec 7: login, sign-up with a code to the phone or e-mail, forgot password (OTP, then
// a reset ticket), password change, profile update, the user's tickets, the member balance and logout. All are POST with a
// JSON body (docs/decisions.md); the request schemas are also the account dialogs' form schemas.
import { DEFAULT_PHONE_CODE, isValidPhone } from '../domain/phone';
import { EMAIL_MAX, isEmailLike, parseUsername } from '../domain/username';
import { isValidPassword, PASSWORD_MAX } from '../domain/password';
import { TICKET_KINDS, TICKET_STATUSES, TRANSACTION_STATUSES } from './booking';
import { successSchema } from './envelope';
import { EMAIL_PATTERN, langSchema } from './common';
import { yup } from './yup';

import { ACCOUNT_ERROR_KEYS } from './accounts-constants';

export {
  ACCOUNT_PATHS,
  OTP_LENGTH,
  OTP_TTL_SECONDS,
  TRANSACTIONS_PER_PAGE,
  ACCOUNT_ERROR_KEYS,
  ACCOUNT_MESSAGE_KEYS,
} from './accounts-constants';

const phoneCodeSchema = yup
  .string()
  .trim()
  .matches(/^\+?\d{1,4}$/)
  .default(DEFAULT_PHONE_CODE);

/**
 * spec 3, 5: a sign-in name, a phone (valid with its code) or an e-mail, in `phone_number` as spec 7 names the field.
 * `key` is the message of a bad name; `emailKey`, when given, that of a bad e-mail (what was typed holds an '@').
 */
const usernameSchema = (key: string, emailKey: string = key) =>
  yup
    .string()
    .trim()
    .max(EMAIL_MAX, { key })
    .required({ key })
    .test('username', { key }, function test(value) {
      const parent = this.parent as Record<string, unknown>;
      const code = typeof parent.phone_code === 'string' ? parent.phone_code : DEFAULT_PHONE_CODE;
      if (!value || parseUsername(code, value) !== null) return true;
      return this.createError({ message: { key: isEmailLike(value) ? emailKey : key } });
    });

/** spec 5: 6-30 letters, digits or !@#$%^&*. */
export const passwordSchema = yup
  .string()
  .required({ key: ACCOUNT_ERROR_KEYS.password })
  .test('password', { key: ACCOUNT_ERROR_KEYS.password }, (value) => !value || isValidPassword(value));

/** spec 5: re-entry must match the password field. */
const rePasswordSchema = yup
  .string()
  .required({ key: ACCOUNT_ERROR_KEYS.passwordMismatch })
  .test('password-match', { key: ACCOUNT_ERROR_KEYS.passwordMismatch }, function test(value) {
    return value === (this.parent as { password?: unknown }).password;
  });

/** spec 5, 9: 4 digits. */
export const otpCodeSchema = yup
  .string()
  .trim()
  .required({ key: ACCOUNT_ERROR_KEYS.otpInvalid })
  .matches(/^\d{4}$/, { message: { key: ACCOUNT_ERROR_KEYS.otpInvalid } });

/**
 * spec 6: authenticated calls send token and user_id. The token may also come as `Authorization: Bearer`, so it is
 * optional here; the server answers 401 when neither is there. A user_id that is given must be the token's user.
 */
const authFields = {
  token: yup.string().trim().max(100).default(''),
  user_id: yup.number().integer().min(1).optional(),
};

/**
 * spec 5 login: both fields non-empty (the password rule is not applied, so older passwords still log in). The
 * username is a phone or an e-mail (spec 3).
 */
export const loginRequestSchema = yup.object({
  phone_code: phoneCodeSchema,
  phone_number: yup.string().trim().max(EMAIL_MAX).required(),
  password: yup
    .string()
    .max(PASSWORD_MAX * 4)
    .required(),
  lang: langSchema,
});
export type LoginRequest = yup.InferType<typeof loginRequestSchema>;

/** spec 5 sign-up: the username is a valid phone or e-mail ('Tên đăng nhập không hợp lệ'); the code goes to it. */
export const registerRequestSchema = yup.object({
  phone_code: phoneCodeSchema,
  phone_number: usernameSchema(ACCOUNT_ERROR_KEYS.username),
  password: passwordSchema,
  re_password: rePasswordSchema,
  fullname: yup.string().trim().max(100, { key: ACCOUNT_ERROR_KEYS.fullname }).default(''),
  lang: langSchema,
});
export type RegisterRequest = yup.InferType<typeof registerRequestSchema>;

/** spec 7 verify_account (token, user_id, code_verify): the token is accepted but not needed (sign-up gives none). */
export const verifyAccountRequestSchema = yup.object({
  user_id: yup.number().integer().min(1).required(),
  code_verify: otpCodeSchema,
  token: yup.string().trim().max(100).default(''),
  lang: langSchema,
});
export type VerifyAccountRequest = yup.InferType<typeof verifyAccountRequestSchema>;

export const resendVerifyRequestSchema = yup.object({
  user_id: yup.number().integer().min(1).required(),
  lang: langSchema,
});
export type ResendVerifyRequest = yup.InferType<typeof resendVerifyRequestSchema>;

/**
 * spec 5 forgot password: phone (default code 84) valid ('Số điện thoại không hợp lệ'), or the account's e-mail
 * (spec 3 username; a bad one is told as an e-mail, 'Invalid email format.').
 */
export const forgotPasswordRequestSchema = yup.object({
  phone_code: phoneCodeSchema,
  phone_number: usernameSchema(ACCOUNT_ERROR_KEYS.phone, ACCOUNT_ERROR_KEYS.email),
  lang: langSchema,
});
export type ForgotPasswordRequest = yup.InferType<typeof forgotPasswordRequestSchema>;

/** spec 7 verify_otp_code (code, phone_number): checks a reset code (to the phone or e-mail) and answers a reset ticket. */
export const verifyOtpRequestSchema = yup.object({
  phone_code: phoneCodeSchema,
  phone_number: usernameSchema(ACCOUNT_ERROR_KEYS.phone, ACCOUNT_ERROR_KEYS.email),
  code: otpCodeSchema,
  lang: langSchema,
});
export type VerifyOtpRequest = yup.InferType<typeof verifyOtpRequestSchema>;

/**
 * spec 7 update_password. Two ways: after forgot password, with the reset_ticket of verify_otp_code and no token; or
 * signed in, with the token and the current password (a stolen token alone cannot take the account).
 */
export const updatePasswordRequestSchema = yup.object({
  ...authFields,
  reset_ticket: yup.string().trim().max(100).default(''),
  current_password: yup
    .string()
    .max(PASSWORD_MAX * 4)
    .default('')
    .test('current-password', { key: 'validation.required' }, function test(value) {
      const parent = this.parent as { reset_ticket?: string };
      return Boolean(parent.reset_ticket) || Boolean(value);
    }),
  password: passwordSchema,
  re_password: rePasswordSchema,
  lang: langSchema,
});
export type UpdatePasswordRequest = yup.InferType<typeof updatePasswordRequestSchema>;

export const updateAccountRequestSchema = yup.object({
  ...authFields,
  fullname: yup.string().trim().max(100, { key: ACCOUNT_ERROR_KEYS.fullname }).required({ key: ACCOUNT_ERROR_KEYS.fullname }),
  email: yup
    .string()
    .trim()
    .lowercase()
    .max(200, { key: ACCOUNT_ERROR_KEYS.email })
    .default('')
    .test('email', { key: ACCOUNT_ERROR_KEYS.email }, (value) => !value || EMAIL_PATTERN.test(value)),
  lang: langSchema,
});
export type UpdateAccountRequest = yup.InferType<typeof updateAccountRequestSchema>;

export const transactionInfoRequestSchema = yup.object({
  ...authFields,
  page: yup.number().integer().min(1).max(10_000).default(1),
  lang: langSchema,
});
export type TransactionInfoRequest = yup.InferType<typeof transactionInfoRequestSchema>;

/**
 * A Vietnamese mobile number typed without its country code (the account page's national phone field, +84 before
 * it); spec 5's rule with code 84 ('Số điện thoại không hợp lệ').
 */
const nationalPhoneSchema = yup
  .string()
  .trim()
  .max(20, { key: ACCOUNT_ERROR_KEYS.phone })
  .required({ key: ACCOUNT_ERROR_KEYS.phone })
  .test('phone', { key: ACCOUNT_ERROR_KEYS.phone }, (value) => !value || isValidPhone(DEFAULT_PHONE_CODE, value));

/**
 * The account page's phone calls (not in the spec), their refusals and their message. They stand apart from
 * ACCOUNT_PATHS and ACCOUNT_ERROR_KEYS (accounts-constants.ts, part of the home route's first load) because only the
 * account page, which loads later, uses them; their texts are in the lazily loaded `account` messages.
 */
export const PHONE_PATHS = {
  /** A signed-in account without a phone asks for a code by SMS to the phone it adds. */
  sendPhoneCode: '/api/passenger/send_phone_code',
  /** The SMS code of send_phone_code adds the phone, verified, to the account. */
  verifyPhone: '/api/passenger/verify_phone',
} as const;
export const PHONE_KEYS = {
  /** 409: another account holds the phone, verified (the message does not say which account). */
  inUse: 'account.phone_add.in_use',
  /** 409: the account already has a phone (an account's phone is not changed this way). */
  alreadySet: 'account.phone_add.already_set',
  /** verify_phone: the phone is now the account's, verified. */
  added: 'account.phone_add.added',
} as const;

/** send_phone_code: a signed-in account without a phone asks for a code by SMS to the phone it adds. */
export const sendPhoneCodeRequestSchema = yup.object({
  ...authFields,
  phone_number: nationalPhoneSchema,
  lang: langSchema,
});
export type SendPhoneCodeRequest = yup.InferType<typeof sendPhoneCodeRequestSchema>;

/** verify_phone: the code sent to that phone adds it, verified, to the account. */
export const verifyPhoneRequestSchema = yup.object({
  ...authFields,
  phone_number: nationalPhoneSchema,
  code: otpCodeSchema,
  lang: langSchema,
});
export type VerifyPhoneRequest = yup.InferType<typeof verifyPhoneRequestSchema>;

/** get_member_promotion_cost and logout: token and user_id only. */
export const authRequestSchema = yup.object({ ...authFields, lang: langSchema });
export type AuthRequest = yup.InferType<typeof authRequestSchema>;

/** spec 3: the server's auth data (the client stores it as the user record's auth). */
export const authDataSchema = yup.object({
  id: yup.number().integer().required(),
  fullname: yup.string().defined(),
  /**
   * Empty for an account signed up with an e-mail that has not added one (spec 3: the username is a phone or an
   * e-mail). A signed-in account's phone was verified: by its sign-up, or by the code that added it.
   */
  phone_number: yup.string().defined(),
  /** The profile's contact e-mail, as the passenger typed it: not verified unless it is `login_email`. */
  email: yup.string().defined(),
  /**
   * The e-mail the account signed up with, verified by the code mailed to it; empty for an account signed up with
   * a phone. An older server did not send it (read as empty).
   */
  login_email: yup.string().default(''),
  /** Empty for an account not yet verified (spec 6: no token = not signed in). */
  token: yup.string().defined(),
  avatar: yup.string().defined(),
  verified_phone: yup.boolean().required(),
  /** Member balance, VND. */
  promotion_cost: yup.number().integer().min(0).required(),
  referral_code: yup.string().required(),
});
export type AuthData = yup.InferType<typeof authDataSchema>;
export const authResponseSchema = successSchema(authDataSchema.required());

/** An OTP was (or, for forgot_password, may have been) sent: the dialog counts down from expires_in. */
export const otpSentSchema = yup.object({
  expires_in: yup.number().integer().required(),
});
export const otpSentResponseSchema = successSchema(otpSentSchema.required());

/** register_account: the new, unverified account (token empty) and the countdown of the code just sent. */
export const registerResponseSchema = successSchema(
  authDataSchema.shape({ expires_in: yup.number().integer().required() }).required(),
);

export const resetTicketSchema = yup.object({
  reset_ticket: yup.string().required(),
  expires_in: yup.number().integer().required(),
});
export const resetTicketResponseSchema = successSchema(resetTicketSchema.required());

/** login of an unverified account: 403 with the user id, so the dialog can offer verification. */
export const notVerifiedFailureSchema = yup.object({
  code: yup
    .string()
    .oneOf(['error'] as const)
    .required(),
  message: yup
    .string()
    .oneOf([ACCOUNT_ERROR_KEYS.notVerified] as const)
    .required(),
  data: yup.object({ user_id: yup.number().integer().required() }).required(),
});

export const memberPromotionCostSchema = yup.object({
  promotion_cost: yup.number().integer().min(0).required(),
});
export const memberPromotionCostResponseSchema = successSchema(memberPromotionCostSchema.required());

export const logoutResponseSchema = successSchema(yup.object({ revoked: yup.boolean().required() }).required());

/** One of the user's tickets in the ticket-manage list. */
export const transactionItemSchema = yup.object({
  code: yup.string().required(),
  kind: yup.string().oneOf(TICKET_KINDS).required(),
  /** spec 4 user ticket status. */
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  pay_method_id: yup.number().integer().required(),
  fullname: yup.string().defined(),
  phone: yup.string().required(),
  pick_address: yup.string().required(),
  drop_address: yup.string().defined(),
  depart_time: yup.string().required(),
  vehicle_id: yup.number().integer().required(),
  duration: yup.number().integer().nullable().defined(),
  total_cost: yup.number().integer().required(),
  created_at: yup.string().required(),
});
export type TransactionItem = yup.InferType<typeof transactionItemSchema>;

export const transactionInfoSchema = yup.object({
  tickets: yup.array(transactionItemSchema.required()).required(),
  page: yup.number().integer().required(),
  per_page: yup.number().integer().required(),
  total: yup.number().integer().min(0).required(),
  /** The next page, or -1 when there are no more (spec 4 list paging). */
  next_page: yup.number().integer().required(),
});
export type TransactionInfo = yup.InferType<typeof transactionInfoSchema>;
export const transactionInfoResponseSchema = successSchema(transactionInfoSchema.required());
