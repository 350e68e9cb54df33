// The bridge between the server's auth data (spec 3: phone_number, verified_phone, promotion_cost, referral_code)
// and the stored user record, plus the token and user id that authenticated calls send (spec 6).
import type { AuthData } from '../../../shared/contract/accounts';
import { saveStoredUser, type StoredUser } from '../../lib/session';

export function toStoredUser(data: AuthData): StoredUser {
  return {
    id: data.id,
    fullname: data.fullname,
    phone: data.phone_number,
    email: data.email,
    loginEmail: data.login_email,
    token: data.token,
    avatar: data.avatar,
    verifiedPhone: data.verified_phone,
    promotionCost: data.promotion_cost,
    referralCode: data.referral_code,
  };
}

/** Stores the auth data when it carries a token (a verified sign-in); answers whether it did. */
export function saveAuthData(data: AuthData): boolean {
  if (!data.token || !data.verified_phone) return false;
  saveStoredUser(toStoredUser(data));
  return true;
}

/** spec 6: token and user id go with every authenticated call. */
export function authParams(user: Pick<StoredUser, 'id' | 'token'>): { token: string; user_id: number } {
  return { token: user.token, user_id: user.id };
}
