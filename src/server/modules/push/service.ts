// Web Push for a ticket (issue 7 item 3): who may subscribe a browser (the code with the contact it was booked with,
// or the owner's account token, like get_ticket_info), and notifyTicket, which tells every browser subscribed to a
// ticket what happened, in the ticket's language, dropping the subscriptions the push service says are gone.
import type { PushEventType, PushPayload, PushSubscribeRequest } from '../../../shared/contract/push';
import { isLang, pathFor, type Lang } from '../../../shared/domain/route-table';
import type { PushSender, VapidDetails } from '../../adapters/push/types';
import type { Logger } from '../../http/errors';
import { contactProof, provenOwner } from '../booking/ticket-ownership';
import type { PushRepository, PushTicket } from './repository';
import { PUSH_TEXTS } from './texts';

export interface PushServiceDeps {
  repository: PushRepository;
  sender: PushSender;
  vapid: () => Promise<VapidDetails>;
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  now: () => Date;
  log: Logger;
}

export type NotifyReport = { sent: number; gone: number; failed: number };

/** The message for an event on a ticket, in the ticket's language. */
export function pushPayloadFor(ticket: Pick<PushTicket, 'code' | 'phone' | 'lang'>, type: PushEventType): PushPayload {
  const lang: Lang = isLang(ticket.lang) ? ticket.lang : 'vi';
  const text = PUSH_TEXTS[lang][type];
  return {
    type,
    ticket_code: ticket.code,
    title: text.title,
    body: text.body(ticket.code),
    url: pathFor('ticket-detail', lang, { code: ticket.code, phone: ticket.phone }),
    lang,
  };
}

export function createPushService({ repository, sender, vapid, userIdForToken, now, log }: PushServiceDeps) {
  /** The ticket if the proof holds; null answers exactly like an unknown code. */
  async function owned(code: string, contact: string | undefined, token: string | undefined): Promise<PushTicket | null> {
    return provenOwner(await repository.ticketByCode(code), { ...contactProof(contact), token }, userIdForToken);
  }

  async function notifyTicket(ticketId: number, type: PushEventType): Promise<NotifyReport> {
    const report: NotifyReport = { sent: 0, gone: 0, failed: 0 };
    const subscriptions = await repository.forTicket(ticketId);
    if (subscriptions.length === 0) return report;
    const ticket = await repository.ticketById(ticketId);
    if (!ticket) return report;
    const payload = pushPayloadFor(ticket, type);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await sender.send(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
        );
        report[outcome] += 1;
        if (outcome === 'sent') await repository.succeeded(subscription.id, now());
        else if (outcome === 'gone') await repository.remove(subscription.id);
        else await repository.failed(subscription.id);
      }),
    );
    return report;
  }

  return {
    publicKey: async () => (await vapid()).publicKey,

    /** Subscribes the browser to the ticket's news; false when the proof does not hold (answered as not found). */
    async subscribe(input: PushSubscribeRequest, token: string | undefined): Promise<boolean> {
      const ticket = await owned(input.ticket_code, input.contact || undefined, token);
      if (!ticket) return false;
      await repository.upsert({
        endpoint: input.subscription.endpoint,
        p256dh: input.subscription.keys.p256dh,
        auth: input.subscription.keys.auth,
        ticketId: ticket.id,
        lang: input.lang,
      });
      return true;
    },

    /** Knowing the endpoint (a secret URL only its browser has) is enough to stop its messages. */
    unsubscribe: (endpoint: string) => repository.removeEndpoint(endpoint),

    notifyTicket,

    /** For the events' sources: sends without holding their answer; a failure is logged, never thrown. */
    notifyInBackground(ticketId: number, type: PushEventType): void {
      void notifyTicket(ticketId, type).catch((error: unknown) => {
        log.error('push notification failed', { ticket_id: ticketId, type, error: String(error) });
      });
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
