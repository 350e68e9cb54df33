// The business partner's session, apart from the passenger's account and the transport partner's console: the token
// and the company, kept in the encrypted local store under 'partner:business' (7 days, as every entry). A passenger
// logout clears it too ('partner:' is one of the store's user-data prefixes), so a shared phone keeps no business
// session behind.
import { storedSession } from '../../lib/stored-session';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'partner:business': BusinessSession;
  }
}

export interface BusinessSession {
  token: string;
  companyName: string;
  email: string;
}

const session = storedSession<BusinessSession>('partner:business');

export const getBusinessSession = session.get;
export const saveBusinessSession = session.save;
export const clearBusinessSession = session.clear;
/** The signed-in business partner's session, re-rendering on sign-in and sign-out (also from another tab). */
export const useBusinessSession = session.useSession;
/** A 401 on a business call (expired or unknown token): the session goes and the login says why. */
export const endBusinessSessionIfUnauthorized = session.endIfUnauthorized;
/** The last session ended on a 401 rather than a sign-out (the login then says why). */
export const businessSessionExpired = session.expired;
