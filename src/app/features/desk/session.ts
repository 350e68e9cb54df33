// The desk member's session, apart from the passenger's account and a partner's: the token and who is signed in,
// in the encrypted local store under 'desk:session'. The server ends it after 12 hours, on sign-out, a role change
// or removal; the desk forgets it on the first call that answers so.
import type { DeskSession } from '../../../shared/contract/desk';
import { storedSession } from '../../lib/stored-session';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'desk:session': DeskSession;
  }
}

const session = storedSession<DeskSession>('desk:session', (stored) => Boolean(stored.staff));

export const saveDeskSession = session.save;
export const clearDeskSession = session.clear;
/** The signed-in member's session, re-rendering on sign-in and sign-out (also from another tab). */
export const useDeskSession = session.useSession;
