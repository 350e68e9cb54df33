// The support calls. The callback (spec 7 support request): the passenger's phone and note go to the support desk (a
// remote widget's host when SUPPORT_WIDGET_URL is set, else the database) for the call centre. A complaint is kept
// here with the complaints page's promise (the end of the second working day after it), and acknowledged by e-mail
// when the person gave an address. The operator desk's inbox reads the stored callbacks and complaints.
import {
  COMPLAINT_REPLY_WORKING_DAYS,
  complaintReference,
  type ComplaintInput,
  type ComplaintResult,
  type SupportRequestInput,
} from '../../../shared/contract/support';
import { normalizePhone } from '../../../shared/domain/phone';
import { endOfWorkingDays, formatVnDate } from '../../../shared/domain/vn-time';
import type { SupportDelivery, SupportDesk } from '../../adapters/support/types';
import type { MessageWriter } from '../../outbox/writer';
import type { ComplaintRecord, SupportRepository, SupportRequestRecord } from './repository';

export type { ComplaintRecord, SupportRequestRecord } from './repository';

export interface SupportServiceDeps {
  desk: SupportDesk;
  repository: SupportRepository;
  messages: MessageWriter;
  now: () => Date;
}

export function createSupportService({ desk, repository, messages, now }: SupportServiceDeps) {
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

    async complaint(input: ComplaintInput, ip: string): Promise<ComplaintResult> {
      const at = now();
      const replyDueAt = endOfWorkingDays(at, COMPLAINT_REPLY_WORKING_DAYS);
      const row = await repository.insertComplaint(
        {
          fullname: input.fullname,
          phone: normalizePhone(input.phone_code, input.phone),
          email: input.email,
          ticketCode: input.ticket_code,
          topic: input.topic,
          description: input.description,
          lang: input.lang,
          ip,
          createdAt: at,
          replyDueAt,
        },
        (tx, complaint) =>
          // By e-mail only: a public form that texted any number it was given would send SMS for anyone.
          complaint.email
            ? messages.account(tx, 'complaint_received', {
                subject: `complaint-${complaint.id}`,
                phone: '',
                email: complaint.email,
                lang: input.lang,
                payload: {
                  name: complaint.fullname,
                  company: '',
                  reference: complaintReference(complaint.id),
                  // The last day of the promise (the due instant is the midnight that ends it).
                  reply_by: formatVnDate(replyDueAt.getTime() - 1),
                },
              })
            : Promise.resolve(0),
      );
      if (row.email) messages.wake();
      return { id: row.id, reference: complaintReference(row.id), reply_by: row.replyDueAt.toISOString() };
    },

    /** The desk's inbox: call-back requests stored after `afterId`, oldest first, at most `limit`. */
    requestsAfter: (afterId: number, limit: number): Promise<SupportRequestRecord[]> => repository.requestsAfter(afterId, limit),
    requestById: (id: number): Promise<SupportRequestRecord | undefined> => repository.requestById(id),
    /** The desk's inbox: complaints after `afterId`, oldest first, at most `limit`. */
    complaintsAfter: (afterId: number, limit: number): Promise<ComplaintRecord[]> => repository.complaintsAfter(afterId, limit),
    complaintById: (id: number): Promise<ComplaintRecord | undefined> => repository.complaintById(id),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
