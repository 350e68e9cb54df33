// The recaptcha check of spec 7 ("a recaptcha service: render with site key, an action name; readiness polled every
// 1000 ms") on ticket creation and sign-up: the header that carries the browser's token and the action
// names. The server's guard (src/server/http/recaptcha.ts) says which calls need which action.

/** The request header with the token the browser got for the call's action. */
export const RECAPTCHA_HEADER = 'X-Recaptcha-Token';

export const RECAPTCHA_ACTION = {
  createTicket: 'create_ticket',
  createHourlyBooking: 'create_hourly_booking',
  registerAccount: 'register_account',
} as const;

/** spec 7: how often the page looks whether the recaptcha script is ready. */
export const RECAPTCHA_POLL_MS = 1000;
