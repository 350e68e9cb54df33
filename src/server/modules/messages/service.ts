// The dispatcher of the message outbox: claims due rows, sends each through its adapter (SMS, mail, the
// push module) and marks it sent, or due again with an exponential back-off until it gives up. One drain runs at a
// time in a process; other processes claim other rows. A send cut off by a crash is sent again (at least once).
import type { PushEventType } from '../../../shared/contract/push';
import type { Messaging } from '../../adapters/messaging/types';
import { ZaloSendError, type ZaloZnsClient } from '../../adapters/messaging/zalo';
import { znsData } from './zns';
import type { Logger } from '../../http/errors';
import { isMessageEvent, MESSAGE_EVENTS, type MessagePayload } from '../../outbox/events';
import type { MessagesRepository, OutboxRow } from './repository';
import { renderMessage } from './templates';

/** The push module's notifyTicket (push/service.ts). */
export interface PushNotifier {
  /** `origin`: the site the notification's link opens on. */
  notifyTicket(ticketId: number, type: PushEventType, origin: string): Promise<{ sent: number; gone: number; failed: number }>;
}

export interface DispatcherOptions {
  repository: MessagesRepository;
  messaging: Messaging;
  push: PushNotifier | null;
  log: Logger;
  /** PUBLIC_URL's origin: every ticket link is sent on it when it is set. */
  origin?: string;
  /** Without PUBLIC_URL: a row's links go on the origin its booking came through, else on this one. */
  fallbackOrigin: string;
  /** Zalo's ZNS when configured: the 'zalo' rows go to it, or become an SMS for a phone it refuses. */
  zalo?: ZaloZnsClient | null;
  /** Rows claimed at a time. */
  batch?: number;
  /** How long a claim holds before another sender may take the row (its sender is presumed dead). */
  leaseSeconds?: number;
  /** Sends tried before a row is given up as 'failed'. */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles, up to retryMaxSeconds. */
  retryBaseSeconds?: number;
  retryMaxSeconds?: number;
}

export const MESSAGE_DEFAULTS = {
  batch: 10,
  leaseSeconds: 60,
  maxAttempts: 10,
  retryBaseSeconds: 10,
  retryMaxSeconds: 3600,
} as const;

/** The delay before the next try once `attempts` tries failed: base, 2 × base, 4 × base … up to max. */
export function backoffSeconds(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export interface DrainReport {
  sent: number;
  retried: number;
  failed: number;
}

export function createMessageDispatcher(options: DispatcherOptions) {
  const { repository, messaging, push, log, zalo = null } = options;
  // Every link is absolute: PUBLIC_URL's origin, else the one the ticket's booking came through, else the fallback.
  const originFor = (payload: MessagePayload) => options.origin ?? payload.origin ?? options.fallbackOrigin;
  // An option left undefined (a setting not given) takes its default.
  const {
    batch = MESSAGE_DEFAULTS.batch,
    leaseSeconds = MESSAGE_DEFAULTS.leaseSeconds,
    maxAttempts = MESSAGE_DEFAULTS.maxAttempts,
    retryBaseSeconds = MESSAGE_DEFAULTS.retryBaseSeconds,
    retryMaxSeconds = MESSAGE_DEFAULTS.retryMaxSeconds,
  } = options;

  /** Sent, or (a 'zalo' row Zalo will not deliver) replaced by its SMS row, sent by the same drain. */
  async function send(row: OutboxRow): Promise<'sent' | 'fell_back'> {
    if (!isMessageEvent(row.event)) throw new Error(`unknown message event ${row.event}`);
    const payload = row.payload as unknown as MessagePayload;
    const origin = originFor(payload);
    if (row.channel === 'sms') {
      const message = renderMessage(row.event, 'sms', row.lang, payload, origin);
      await messaging.sms.send(row.recipient, message.text);
    } else if (row.channel === 'mail') {
      const message = renderMessage(row.event, 'mail', row.lang, payload, origin);
      if (message.channel === 'mail') await messaging.mailer.send(row.recipient, message.subject, message.text);
    } else if (row.channel === 'zalo') {
      const templateId = zalo?.templateFor(row.event) ?? null;
      let reason = 'not configured';
      if (zalo && templateId) {
        try {
          await zalo.sendTemplate({
            phone: row.recipient,
            templateId,
            data: znsData(row.event, payload, origin),
            trackingId: `vivu-${row.id}`,
          });
          return 'sent';
        } catch (error) {
          // A transient failure is tried again by the outbox (Zalo may have delivered it: an SMS now could duplicate it).
          if (!(error instanceof ZaloSendError) || error.kind === 'transient') throw error;
          reason = error.message;
        }
      }
      // Zalo refuses this phone or this request (or is no longer configured): the same message by SMS, once.
      await repository.fallBackToSms(row, reason);
      log.info('message sent by SMS instead of Zalo', { id: row.id, event: row.event, reason });
      return 'fell_back';
    } else if (row.channel === 'push') {
      const type = MESSAGE_EVENTS[row.event].push;
      if (!type || !push || row.ticketId === null) return 'sent';
      // The browsers subscribed now; a push service that refused every one of them is tried again later.
      const report = await push.notifyTicket(row.ticketId, type, origin);
      if (report.failed > 0 && report.sent === 0) throw new Error(`push refused by ${report.failed} subscription(s)`);
      return 'sent';
    } else {
      throw new Error(`unknown message channel ${row.channel}`);
    }
    return 'sent';
  }

  /** A send that hangs past half the lease counts as failed, before another sender may take the row. */
  async function sendWithin(row: OutboxRow, ms: number): Promise<'sent' | 'fell_back'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`send timed out after ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([send(row), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  let stopping = false;

  /** Claims and sends until nothing is due (or the dispatcher stops: the rows not reached are given back). */
  async function run(): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, retried: 0, failed: 0 };
    const halfLease = (leaseSeconds * 1000) / 2;
    while (!stopping) {
      const rows = await repository.claim(batch, leaseSeconds);
      // A Zalo row that became an SMS row: claim again, so this drain sends the SMS too.
      let fellBack = false;
      const claimedAt = Date.now();
      for (const [index, row] of rows.entries()) {
        // Stopping, or so late in the lease that the row could be claimed again meanwhile: give the rest back.
        if (stopping || Date.now() - claimedAt > halfLease) {
          await repository.release(rows.slice(index).map((rest) => rest.id));
          break;
        }
        try {
          if ((await sendWithin(row, halfLease)) === 'fell_back') {
            fellBack = true;
            continue;
          }
          await repository.markSent(row.id);
          report.sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const delay = backoffSeconds(row.attempts, retryBaseSeconds, retryMaxSeconds);
          const now = await repository.markFailed(row.id, message, delay, maxAttempts);
          if (now === 'failed') report.failed += 1;
          else report.retried += 1;
          log.error(now === 'failed' ? 'message given up' : 'message send failed, will retry', {
            id: row.id,
            event: row.event,
            channel: row.channel,
            attempts: row.attempts,
            retry_in_seconds: now === 'failed' ? null : delay,
            error: message,
          });
        }
      }
      if (rows.length < batch && !fellBack) break;
    }
    return report;
  }

  // One run at a time; a drain asked for during a run gets one more run after it (which sees every row committed
  // before it was asked for), shared by everyone who asks meanwhile.
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<DrainReport> | null = null;

  function drain(): Promise<DrainReport> {
    if (queued) return queued;
    const next = tail.then(() => {
      queued = null;
      return run();
    });
    queued = next;
    tail = next.catch(() => {});
    return next;
  }

  return {
    drain,
    /** Lets the current run give back what it has not sent, and waits for it. */
    async stop(): Promise<void> {
      stopping = true;
      try {
        await tail;
      } finally {
        stopping = false;
      }
    },
  };
}

export type MessageDispatcher = ReturnType<typeof createMessageDispatcher>;
