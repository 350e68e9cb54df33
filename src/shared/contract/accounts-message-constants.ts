// The account calls' success message keys (accounts-constants.ts), apart from their paths and error keys: the app's
// layout shows the sign-out message, and needs none of the rest in the home route's first load.
/** Success message keys. */
export const ACCOUNT_MESSAGE_KEYS = {
  otpSent: 'accounts.messages.otp_sent',
  /** forgot_password: the same text whether or not the phone has an account. */
  resetSent: 'accounts.messages.reset_sent',
  verified: 'accounts.messages.verified',
  loggedIn: 'accounts.messages.logged_in',
  loggedOut: 'accounts.messages.logged_out',
  passwordChanged: 'accounts.messages.password_changed',
  accountUpdated: 'accounts.messages.account_updated',
} as const;
