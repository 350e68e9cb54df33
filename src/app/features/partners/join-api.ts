// The joining's and the staff's console calls (src/shared/contract/partner-join.ts): the set-password link's use, and
// the owner's staff list, add, remove, role change and a member's new set-password link, each with the staff token
// as a Bearer header.
import { queryOptions } from '@tanstack/react-query';
import {
  JOIN_PATHS,
  resendResponseSchema,
  setPasswordResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  type StaffAddInput,
} from '../../../shared/contract/partner-join';
import type { PartnerRole } from '../../../shared/contract/partner-roles';
import { successSchema } from '../../../shared/contract/envelope';
import { yup } from '../../../shared/contract/yup';
import { apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const removedResponseSchema = successSchema(yup.object({ removed: yup.number().integer().required() }).required());

export const joinCalls = {
  resendLink: async (token: string, staffId: number, lang: string) =>
    (
      await apiPost(
        JOIN_PATHS.staffResendLink,
        { staff_id: staffId, lang },
        { headers: bearer(token), schema: resendResponseSchema },
      )
    ).data,
  setPassword: async (input: { token: string; password: string; re_password: string; lang: string }) =>
    (await apiPost(JOIN_PATHS.setPassword, input, { schema: setPasswordResponseSchema })).data,
  addStaff: async (token: string, input: StaffAddInput) =>
    (await apiPost(JOIN_PATHS.staffAdd, input, { headers: bearer(token), schema: staffMemberResponseSchema })).data,
  removeStaff: async (token: string, staffId: number) =>
    (await apiPost(JOIN_PATHS.staffRemove, { staff_id: staffId }, { headers: bearer(token), schema: removedResponseSchema }))
      .data,
  setRole: async (token: string, staffId: number, role: PartnerRole) =>
    (
      await apiPost(
        JOIN_PATHS.staffRole,
        { staff_id: staffId, role },
        { headers: bearer(token), schema: staffMemberResponseSchema },
      )
    ).data,
};

export const staffQuery = (token: string) =>
  queryOptions({
    queryKey: ['partner', token, 'staff'],
    queryFn: async ({ signal }) =>
      (await apiGet(JOIN_PATHS.staff, { headers: bearer(token), schema: staffListResponseSchema, signal })).data,
    staleTime: 5_000,
    retry: false,
  });
