// The support request of spec 7 (user[phone], user[note]) as JSON: the server stores it or forwards it form-encoded to
// the widget host (src/server/adapters/support).
import { LEAD_PATHS } from '../../../shared/contract/leads';
import { supportRequestResponseSchema, type SupportRequestInput } from '../../../shared/contract/support';
import { apiPost } from '../../lib/api-client';

export function sendSupportRequest(input: SupportRequestInput) {
  return apiPost(LEAD_PATHS.supportRequest, input, { schema: supportRequestResponseSchema });
}
