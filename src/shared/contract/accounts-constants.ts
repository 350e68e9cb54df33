// The paths, limits and message keys of the account calls (accounts.ts), apart from the schemas so the home route's
// first load needs no yup.
export const ACCOUNT_PATHS = {
  login: '/api/passenger/login',
  registerAccount: '/api/passenger/register_account',
  verifyAccount: '/api/passenger/verify_account',
  resendVerifyAccount: '/api/passenger/resend_verify_account',
  forgotPassword: '/api/passenger/forgot_password',
  verifyOtpCode: '/api/passenger/verify_otp_code',
  updatePassword: '/api/passenger/update_password',
  updateAccount: '/api/passenger/update_account',
  transactionInfo: '/api/passenger/get_transaction_info',
  memberPromotionCost: '/api/passenger/get_member_promotion_cost',
  /** Not in the spec (its logout is local): we also revoke the token on the server. */
  logout: '/api/passenger/logout',
} as const;

/** spec 9: OTP of 4 digits, valid 179 seconds. */
export const OTP_LENGTH = 4;
export const OTP_TTL_SECONDS = 179;
/** spec 9: tickets per page. */
export const TRANSACTIONS_PER_PAGE = 10;

/** i18n keys of the account calls; the spec's texts are in the locale files. */
export const ACCOUNT_ERROR_KEYS = {
  /** spec 5 sign-up: 'Tên đăng nhập không hợp lệ'. */
  username: 'accounts.errors.username',
  /** spec 5 forgot password: 'Số điện thoại không hợp lệ'. */
  phone: 'accounts.errors.phone',
  /** spec 8: 'Mật khẩu từ 6-30 ký tự bao gồm chữ hoặc số hoặc !@#$%^&*)'. */
  password: 'accounts.errors.password',
  /** The password is one of the 10,000 most common (the spec 5 rule is met, but it is guessed first). */
  passwordCommon: 'accounts.errors.password_common',
  /** spec 8: 'Nhập lại mật khẩu không trùng khớp'. */
  passwordMismatch: 'accounts.errors.password_mismatch',
  /** spec 5, 8: 'OTP code invalid' / 'Verify code incorrect' (wrong, expired, used or replaced). */
  otpInvalid: 'accounts.errors.otp_invalid',
  /** More than 5 codes sent to one phone or e-mail in 24 hours. */
  otpLimit: 'accounts.errors.otp_limit',
  /** 429 with params {minutes}: too many code SMS from one address, or in all today. */
  otpBusy: 'accounts.errors.otp_busy',
  /** spec 8: 'Tài khoản chưa được xác thực'; data {user_id}. */
  notVerified: 'accounts.errors.not_verified',
  /** Wrong password or unknown phone: the same answer for both. */
  loginFailed: 'accounts.errors.login_failed',
  /** 429 with params {seconds} after repeated failed logins. */
  tooManyAttempts: 'accounts.errors.too_many_attempts',
  /** Sign-up with a phone that already has a verified account. */
  phoneTaken: 'accounts.errors.phone_taken',
  /** Sign-up with an e-mail that already has a verified account. */
  emailTaken: 'accounts.errors.email_taken',
  alreadyVerified: 'accounts.errors.already_verified',
  /** 401: no token, or a revoked or unknown one (spec 6: no token = expired). */
  unauthorized: 'accounts.errors.unauthorized',
  /** The reset ticket of verify_otp_code is unknown, used or expired. */
  resetExpired: 'accounts.errors.reset_expired',
  /** The current password of a signed-in password change is wrong. */
  currentPassword: 'accounts.errors.current_password',
  fullname: 'accounts.errors.fullname',
  email: 'accounts.errors.email',
} as const;

export { ACCOUNT_MESSAGE_KEYS } from './accounts-message-constants';
