// A refused token ends the passenger's session on this device, whichever feature's call it was refused on (the
// account pages, a rating, a cancellation). Apart from session.ts, which every page loads, so that the account
// error keys load only with a call that can be refused.
import { ACCOUNT_ERROR_KEYS } from '../../shared/contract/accounts-constants';
import { ApiError } from './api-client';
import { clearStoredUser } from './session';

/** A 401 means the token was revoked or is unknown (spec 6: no token = expired): forget the stored user. */
export function forgetUserIfUnauthorized(error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.key === ACCOUNT_ERROR_KEYS.unauthorized)) {
    clearStoredUser();
  }
}
