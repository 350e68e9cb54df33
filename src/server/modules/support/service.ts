// The support callback (spec 7 support request): the passenger's phone and note go to the support desk (a remote
// widget's host when SUPPORT_WIDGET_URL is set, else the database) for the call centre; the operator desk's inbox
// reads the stored requests.
import type { SupportRequestInput } from '../../../shared/contract/support';
import { normalizePhone } from '../../../shared/domain/phone';
import type { SupportDelivery, SupportDesk } from '../../adapters/support/types';
import type { SupportRepository, SupportRequestRecord } from './repository';

export type { SupportRequestRecord } from './repository';

export function createSupportService({ desk, repository }: { desk: SupportDesk; repository: SupportRepository }) {
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

    /** The desk's inbox: call-back requests stored after `afterId`, oldest first, at most `limit`. */
    requestsAfter: (afterId: number, limit: number): Promise<SupportRequestRecord[]> => repository.requestsAfter(afterId, limit),
    requestById: (id: number): Promise<SupportRequestRecord | undefined> => repository.requestById(id),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
