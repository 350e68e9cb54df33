// The desk's calls (src/shared/contract/desk.ts), each with the desk session's token as a Bearer header. A call
// whose session has ended answers 404 like an unknown route: `endsSession` tells the desk to forget it.
import { queryOptions } from '@tanstack/react-query';
import {
  DESK_PATHS,
  deskAuditResponseSchema,
  deskEnrolmentResponseSchema,
  deskLinkSentResponseSchema,
  deskLoginResponseSchema,
  deskMeResponseSchema,
  deskRemovedResponseSchema,
  deskSessionResponseSchema,
  deskStaffListResponseSchema,
  deskStaffMemberResponseSchema,
  type DeskAuditQuery,
  type DeskRole,
  type DeskStaffAddInput,
} from '../../../shared/contract/desk';
import { successSchema } from '../../../shared/contract/envelope';
import { yup } from '../../../shared/contract/yup';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signedOutSchema = successSchema(yup.object({ signed_out: yup.boolean().required() }).required());

/** Whether a desk call's failure means the session is over (ended, removed, too old, or another role now). */
export const endsSession = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export const deskCalls = {
  login: async (input: { email: string; password: string; code?: string }) =>
    (await apiPost(DESK_PATHS.login, input, { schema: deskLoginResponseSchema })).data,
  setPassword: async (input: { token: string; password: string; re_password: string }) =>
    (await apiPost(DESK_PATHS.setPassword, input, { schema: deskEnrolmentResponseSchema })).data,
  enrol: async (input: { enrol_token: string; code: string }) =>
    (await apiPost(DESK_PATHS.enrol, input, { schema: deskSessionResponseSchema })).data,
  logout: async (token: string) =>
    (await apiPost(DESK_PATHS.logout, {}, { headers: bearer(token), schema: signedOutSchema })).data,
  addStaff: async (token: string, input: DeskStaffAddInput) =>
    (await apiPost(DESK_PATHS.staffAdd, input, { headers: bearer(token), schema: deskStaffMemberResponseSchema })).data,
  setRole: async (token: string, staffId: number, role: DeskRole) =>
    (
      await apiPost(
        DESK_PATHS.staffRole,
        { staff_id: staffId, role },
        { headers: bearer(token), schema: deskStaffMemberResponseSchema },
      )
    ).data,
  removeStaff: async (token: string, staffId: number) =>
    (await apiPost(DESK_PATHS.staffRemove, { staff_id: staffId }, { headers: bearer(token), schema: deskRemovedResponseSchema }))
      .data,
  resendLink: async (token: string, staffId: number, lang: string) =>
    (
      await apiPost(
        DESK_PATHS.staffResendLink,
        { staff_id: staffId, lang },
        { headers: bearer(token), schema: deskLinkSentResponseSchema },
      )
    ).data,
};

export const deskQueries = {
  me: (token: string) =>
    queryOptions({
      queryKey: ['desk', token, 'me'],
      queryFn: async ({ signal }) =>
        (await apiGet(DESK_PATHS.me, { headers: bearer(token), schema: deskMeResponseSchema, signal })).data,
      retry: false,
    }),
  staff: (token: string) =>
    queryOptions({
      queryKey: ['desk', token, 'staff'],
      queryFn: async ({ signal }) =>
        (await apiGet(DESK_PATHS.staff, { headers: bearer(token), schema: deskStaffListResponseSchema, signal })).data,
      retry: false,
    }),
  audit: (token: string, filters: DeskAuditQuery) =>
    queryOptions({
      queryKey: ['desk', token, 'audit', filters],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_PATHS.audit, {
            headers: bearer(token),
            query: { ...filters },
            schema: deskAuditResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
};
