// The leads' calls, moved here with their forms: the special request (from features/home/api.ts, with the
// call-center number its section shows) and the partner lead form (from features/content/content-api.ts).
import { queryOptions } from '@tanstack/react-query';
import { CONFIG_PATHS, callCenterResponseSchema, type CallCenter } from '../../../shared/contract/config';
import {
  LEAD_PATHS,
  leadContactResponseSchema,
  specialRequestResponseSchema,
  type LeadContactInput,
  type SpecialRequestInput,
  type SpecialRequestResult,
} from '../../../shared/contract/leads';
import { apiGet, apiPost } from '../../lib/api-client';

const MINUTE = 60_000;

export const leadQueries = {
  callCenter: () =>
    queryOptions({
      queryKey: ['home', 'call-center'],
      queryFn: async ({ signal }): Promise<CallCenter> =>
        (await apiGet(CONFIG_PATHS.callCenter, { schema: callCenterResponseSchema, signal })).data,
      staleTime: 60 * MINUTE,
    }),
};

export async function sendSpecialRequest(input: SpecialRequestInput): Promise<{ message: string; data: SpecialRequestResult }> {
  const body = await apiPost(LEAD_PATHS.specialRequest, input, { schema: specialRequestResponseSchema });
  return { message: body.message, data: body.data };
}

/** home/create_lead_contact_agent: the answer's message key and params say what happens next. */
export async function sendLeadContact(input: LeadContactInput) {
  return apiPost(LEAD_PATHS.leadContact, input, { schema: leadContactResponseSchema });
}
