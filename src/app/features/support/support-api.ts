// The support request of spec 7 (user[phone], user[note]) as JSON: the server stores it or forwards it form-encoded to
// the widget host (src/server/adapters/support).
import { supportRequestResponseSchema, type SupportRequestInput } from '../../../shared/contract/support';
import { apiPost } from '../../lib/api-client';
import { SUPPORT_PATHS } from '../../../shared/contract/support';

export function sendSupportRequest(input: SupportRequestInput) {
  return apiPost(SUPPORT_PATHS.request, input, { schema: supportRequestResponseSchema });
}
