// The support calls: the support request of spec 7 (user[phone], user[note]) as JSON, which the server stores or
// forwards form-encoded to the widget host (src/server/adapters/support); and a complaint.
import {
  complaintResponseSchema,
  supportRequestResponseSchema,
  type ComplaintInput,
  type SupportRequestInput,
} from '../../../shared/contract/support';
import { apiPost } from '../../lib/api-client';
import { SUPPORT_PATHS } from '../../../shared/contract/support';

export function sendSupportRequest(input: SupportRequestInput) {
  return apiPost(SUPPORT_PATHS.request, input, { schema: supportRequestResponseSchema });
}

export function sendComplaint(input: ComplaintInput) {
  return apiPost(SUPPORT_PATHS.complaint, input, { schema: complaintResponseSchema });
}
