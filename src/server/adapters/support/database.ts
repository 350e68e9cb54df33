// The default support desk: every callback request is a row of support_requests, which the call centre reads.
import type { StoreSupportRequest, SupportDesk } from './types';

export function createDatabaseSupportDesk(store: StoreSupportRequest): SupportDesk {
  return {
    async submit(request) {
      return { channel: 'database', id: await store(request, 'database') };
    },
  };
}
