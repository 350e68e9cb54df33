// Web Push for a ticket: subscribing a browser to a ticket the route proved (tickets/access.ts),
// and notifyTicket, which tells every browser subscribed to a
// ticket what happened, in the ticket's language, dropping the subscriptions the push service says are gone.
import type { PushEventType, PushPayload, PushSubscribeRequest } from '../../../shared/contract/push';
import { isLang, pathFor, type Lang } from '../../../shared/domain/route-table';
import type { PushSender, VapidDetails } from '../../adapters/push/types';
import { hasSubscription, type PushRepository, type PushTicket } from './repository';
import { PUSH_TEXTS } from './texts';

export interface PushServiceDeps {
  repository: PushRepository;
  sender: PushSender;
  vapid: () => Promise<VapidDetails>;
  now: () => Date;
}

export type NotifyReport = { sent: number; gone: number; failed: number };

/**
 * The message for an event on a ticket, in the ticket's language; its url is the ticket page's absolute address on
 * `origin` (the worker opens its path on the site the browser subscribed on).
 */
export function pushPayloadFor(
  ticket: Pick<PushTicket, 'code' | 'phone' | 'lang'>,
  type: PushEventType,
  origin: string,
): PushPayload {
  const lang: Lang = isLang(ticket.lang) ? ticket.lang : 'vi';
  const text = PUSH_TEXTS[lang][type];
  return {
    type,
    ticket_code: ticket.code,
    title: text.title,
    body: text.body(ticket.code),
    url: new URL(pathFor('ticket-detail', lang, { code: ticket.code, phone: ticket.phone }), origin).href,
    lang,
  };
}

export function createPushService({ repository, sender, vapid, now }: PushServiceDeps) {
  async function notifyTicket(ticketId: number, type: PushEventType, origin: string): Promise<NotifyReport> {
    const report: NotifyReport = { sent: 0, gone: 0, failed: 0 };
    const subscriptions = await repository.forTicket(ticketId);
    if (subscriptions.length === 0) return report;
    const ticket = await repository.ticketById(ticketId);
    if (!ticket) return report;
    const payload = pushPayloadFor(ticket, type, origin);
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

    /** Subscribes the browser to the news of a ticket whose ownership the route proved. */
    async subscribe(ticket: { id: number }, input: PushSubscribeRequest): Promise<void> {
      await repository.upsert({
        endpoint: input.subscription.endpoint,
        p256dh: input.subscription.keys.p256dh,
        auth: input.subscription.keys.auth,
        ticketId: ticket.id,
        lang: input.lang,
      });
    },

    /** Knowing the endpoint (a secret URL only its browser has) is enough to stop its messages. */
    unsubscribe: (endpoint: string) => repository.removeEndpoint(endpoint),

    /** Sent by the message dispatcher (modules/messages) for the push rows of the outbox. */
    notifyTicket,

    /** Whether a browser is subscribed to the ticket, in the caller's transaction (the outbox's writer asks). */
    subscribed: hasSubscription,
  };
}

export type PushService = ReturnType<typeof createPushService>;
