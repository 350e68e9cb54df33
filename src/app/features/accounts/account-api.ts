// The signed-in passenger's calls (spec 7): the member balance, the profile update, the password change, a phone
// added by its SMS code, and the booking history (get_transaction_info, 10 per page, next_page -1 when there are no more). Query keys start with
// 'me' so that signing out drops them (root layout); the token is part of them, so a new session (a password
// change gives a new token) asks again with it.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  ACCOUNT_PATHS,
  authResponseSchema,
  memberPromotionCostResponseSchema,
  otpSentResponseSchema,
  transactionInfoResponseSchema,
  type UpdateAccountRequest,
  type UpdatePasswordRequest,
  PHONE_PATHS,
} from '../../../shared/contract/accounts';
import type { Lang } from '../../../shared/domain/route-table';
import { apiPost } from '../../lib/api-client';
import type { StoredUser } from '../../lib/session';
import { authParams } from './auth-data';

type Auth = Pick<StoredUser, 'id' | 'token'>;

export const accountQueries = {
  memberBalance: (user: Auth, lang: Lang) =>
    queryOptions({
      queryKey: ['me', user.id, user.token, 'balance', lang],
      queryFn: async ({ signal }) =>
        (
          await apiPost(
            ACCOUNT_PATHS.memberPromotionCost,
            { token: user.token, user_id: user.id, lang },
            { schema: memberPromotionCostResponseSchema, signal },
          )
        ).data,
      // spec 2: refreshed each time the account page opens.
      staleTime: 0,
      retry: false,
    }),
  history: (user: Auth, lang: Lang) =>
    infiniteQueryOptions({
      queryKey: ['me', user.id, user.token, 'history', lang],
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiPost(
            ACCOUNT_PATHS.transactionInfo,
            { token: user.token, user_id: user.id, page: pageParam, lang },
            { schema: transactionInfoResponseSchema, signal },
          )
        ).data,
      initialPageParam: 1,
      getNextPageParam: (last) => (last.next_page > 0 ? last.next_page : undefined),
      staleTime: 30_000,
      retry: false,
    }),
};

export type ProfileInput = Pick<UpdateAccountRequest, 'fullname' | 'email'>;
export type PhoneInput = { phone_number: string };
export type PasswordInput = Pick<UpdatePasswordRequest, 'current_password' | 'password' | 're_password'>;

export const accountCalls = {
  updateAccount: (user: Auth, input: ProfileInput, lang: Lang) =>
    apiPost(ACCOUNT_PATHS.updateAccount, { ...authParams(user), ...input, lang }, { schema: authResponseSchema }),
  updatePassword: (user: Auth, input: PasswordInput, lang: Lang) =>
    apiPost(ACCOUNT_PATHS.updatePassword, { ...authParams(user), ...input, lang }, { schema: authResponseSchema }),
  /** A code by SMS to the phone an account without one adds. */
  sendPhoneCode: (user: Auth, input: PhoneInput, lang: Lang) =>
    apiPost(PHONE_PATHS.sendPhoneCode, { ...authParams(user), ...input, lang }, { schema: otpSentResponseSchema }),
  /** That code makes the phone the account's, verified: answers the new auth data. */
  verifyPhone: (user: Auth, input: PhoneInput & { code: string }, lang: Lang) =>
    apiPost(PHONE_PATHS.verifyPhone, { ...authParams(user), ...input, lang }, { schema: authResponseSchema }),
};
