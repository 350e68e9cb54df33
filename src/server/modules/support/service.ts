// The support callback (spec 7 support request): the passenger's phone and note go to the support desk (a remote
// widget's host when SUPPORT_WIDGET_URL is set, else the database) for the call centre.
import type { SupportRequestInput } from '../../../shared/contract/support';
import { normalizePhone } from '../../../shared/domain/phone';
import type { SupportDelivery, SupportDesk } from '../../adapters/support/types';

export function createSupportService({ desk }: { desk: SupportDesk }) {
  return {
    async support(input: SupportRequestInput, ip: string): Promise<SupportDelivery> {
      return desk.submit({
        phone: normalizePhone(input.user.phone_code, input.user.phone),
        note: input.user.note,
        page: input.page,
        lang: input.lang,
        ip,
      });
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
