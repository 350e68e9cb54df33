// The partner staff member's session, apart from the passenger's account: the token and who is signed in, kept in
// the encrypted local store under 'partner:session' (7 days, as every entry). A passenger logout clears it too
// ('partner:' is one of the store's user-data prefixes), so a shared phone keeps no staff session behind.
import type { StaffSession } from '../../../shared/contract/partners';
import { storedSession } from '../../lib/stored-session';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'partner:session': StaffSession;
  }
}

const session = storedSession<StaffSession>('partner:session', (stored) => Boolean(stored.staff));

export const getPartnerSession = session.get;
export const savePartnerSession = session.save;
/** Logout (or a revoked token): the session leaves this device. */
export const clearPartnerSession = session.clear;
/** The signed-in staff member's session, re-rendering on login and logout (also from another tab). */
export const usePartnerSession = session.useSession;
/** A 401 on a console call (revoked or expired token): the session goes and the login says why. */
export const endSessionIfUnauthorized = session.endIfUnauthorized;
/** Whether the last session ended on a 401 rather than a logout; a new login forgets it. */
export const sessionExpired = session.expired;
